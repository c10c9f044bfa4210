import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


class DotReluDot(nnx.Module):
  def __init__(self, depth, rngs):
    init = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(depth, depth, kernel_init=nnx.with_partitioning(init, (None, 'model')),
                           use_bias=False, rngs=rngs)
    self.w2 = nnx.Param(init(rngs.params(), (depth, depth)), sharding=('model', None))

  def __call__(self, x):
    y = jax.nn.relu(self.dot1(x))
    y = jax.lax.with_sharding_constraint(y, P('data', 'model'))
    return y @ self.w2[...]


with jax.set_mesh(mesh):
  model = DotReluDot(16, rngs=nnx.Rngs(0))
  x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P('data', None)))
  fwd = nnx.jit(lambda m, x: m(x))
  print(fwd.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
