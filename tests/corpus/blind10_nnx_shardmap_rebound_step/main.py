import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
import jax.lax as lax
from jax.sharding import Mesh, PartitionSpec as P


class FSDPLinear(nnx.Module):
  """Weights stored sharded along the input dim; gathered just-in-time for the matmul."""

  def __init__(self, din, dout, axis, *, rngs):
    self.axis = axis
    self.kernel = nnx.Param(jax.random.normal(rngs.params(), (din, dout)) * din ** -0.5)

  def __call__(self, x):
    w = lax.all_gather(self.kernel[...], self.axis, axis=0, tiled=True)
    return x @ w


class Model(nnx.Module):

  def __init__(self, axis, rngs):
    self.a = FSDPLinear(32, 64, axis, rngs=rngs)
    self.b = FSDPLinear(64, 32, axis, rngs=rngs)

  def __call__(self, x):
    return self.b(nnx.gelu(self.a(x)))


def step(model, x):
  def loss(model):
    return jnp.mean(model(x) ** 2)
  l, g = nnx.value_and_grad(loss)(model)
  return lax.pmean(l, 'fsdp'), g


def main():
  mesh = Mesh(np.array(jax.devices()), ('fsdp',))
  model = Model('fsdp', nnx.Rngs(0))
  global step
  step = nnx.shard_map(step, mesh=mesh, in_specs=(P('fsdp'), P('fsdp')), out_specs=(P(), P('fsdp')))
  step = nnx.jit(step)
  x = jnp.ones((8, 32))
  step.trace(model, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
