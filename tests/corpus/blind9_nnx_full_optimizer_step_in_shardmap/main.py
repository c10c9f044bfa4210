import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))


class Autoencoder(nnx.Module):
  def __init__(self, d, latent, *, rngs):
    self.enc = nnx.Sequential(nnx.Linear(d, 64, rngs=rngs), nnx.relu,
                              nnx.Linear(64, latent, rngs=rngs))
    self.dec = nnx.Sequential(nnx.Linear(latent, 64, rngs=rngs), nnx.relu,
                              nnx.Linear(64, d, rngs=rngs))

  def __call__(self, x):
    return self.dec(self.enc(x))


def loss_fn(model, x):
  return jnp.mean((model(x) - x) ** 2)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data')), out_specs=P())
def train_step(model, optimizer, x):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x)
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, 'data')


if __name__ == '__main__':
  model = Autoencoder(32, 8, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  x = jnp.ones((16, 32))
  train_step.trace(model, optimizer, x).lower(lowering_platforms=('cuda',))
