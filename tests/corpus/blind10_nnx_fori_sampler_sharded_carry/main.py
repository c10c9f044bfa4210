import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

N_STEPS = 8


class Denoiser(nnx.Module):

  def __init__(self, d, *, rngs):
    self.t_embed = nnx.Embed(N_STEPS, d, rngs=rngs)
    self.net = nnx.Sequential(nnx.Linear(d, 4 * d, rngs=rngs), nnx.gelu,
                              nnx.Linear(4 * d, d, rngs=rngs))

  def __call__(self, x, t):
    return self.net(x + self.t_embed(t))


def sample(model, x_init):

  def body(i, state):
    model, x = state
    t = N_STEPS - 1 - i
    eps = model(x, t)
    # keep the batch statistics consistent across data shards
    scale = jax.lax.pmean(jnp.std(eps), 'batch')
    return model, x - 0.1 * eps / (scale + 1e-6)

  _, x = nnx.fori_loop(0, N_STEPS, body, (model, x_init))
  return x


def main():
  mesh = Mesh(np.array(jax.devices()), ('batch',))
  model = Denoiser(16, rngs=nnx.Rngs(0))
  sampler = nnx.jit(nnx.shard_map(sample, mesh=mesh, in_specs=(P(), P('batch')),
                                  out_specs=P('batch')))
  x = jax.random.normal(jax.random.key(0), (8, 16))
  sampler.trace(model, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
