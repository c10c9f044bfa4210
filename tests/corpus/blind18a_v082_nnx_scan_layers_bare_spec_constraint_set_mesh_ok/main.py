import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class Layer(nnx.Module):
  def __init__(self, d, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    x = x + nnx.gelu(self.lin(x))
    return jax.lax.with_sharding_constraint(x, P('data', None))


class Model(nnx.Module):
  def __init__(self, d, n, rngs):
    @nnx.split_rngs(splits=n)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def make(rngs):
      return Layer(d, rngs)
    self.layers = make(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
    @nnx.remat
    def body(x, layer):
      return layer(x)
    return body(x, self.layers)


mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))
with jax.set_mesh(mesh):
  model = Model(64, 4, nnx.Rngs(0))
  x = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P('data')))

  @nnx.jit
  def loss(model, x):
    return jnp.mean(model(x) ** 2)

  loss.trace(model, x).lower(lowering_platforms=('cuda',))
