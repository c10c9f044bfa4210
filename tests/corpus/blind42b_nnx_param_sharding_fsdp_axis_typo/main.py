import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


class Dense(nnx.Module):
  """Hand-written dense layer with sharding metadata on its params."""

  def __init__(self, din, dout, *, rngs):
    key = rngs.params()
    self.w = nnx.Param(jax.random.normal(key, (din, dout)) * din ** -0.5, sharding=('fsdp', 'tp'))
    self.b = nnx.Param(jnp.zeros((dout,)), sharding=('tp',))

  def __call__(self, x):
    return x @ self.w + self.b


mesh = jax.make_mesh((2, 2), ('data', 'model'))
with jax.set_mesh(mesh):
  layer = Dense(32, 16, rngs=nnx.Rngs(0))
  x = jax.device_put(jnp.ones((8, 32)), P('data', None))
  fwd = nnx.jit(lambda m, x: m(x))
  print(fwd.trace(layer, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
