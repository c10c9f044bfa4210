import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

auto_mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


class DotReluDot(nnx.Module):
  def __init__(self, depth: int, rngs: nnx.Rngs):
    init_fn = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(depth, depth, use_bias=False,
                           kernel_init=nnx.with_partitioning(init_fn, (None, 'model')),
                           rngs=rngs)
    self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)), sharding_names=('model', None))

  def __call__(self, x):
    y = self.dot1(x)
    y = jax.nn.relu(y)
    y = jax.lax.with_sharding_constraint(y, P('data', 'model'))
    return jnp.dot(y, self.w2[...])


with jax.set_mesh(auto_mesh):
  model = DotReluDot(64, rngs=nnx.Rngs(0))
  graphdef, state = nnx.split(model)

  def loss_fn(state, x, y):
    m = nnx.merge(graphdef, state)
    return jnp.mean((m(x) - y) ** 2)

  x = jax.device_put(jnp.ones((8, 64)), P('data', None))
  step = jax.jit(jax.grad(loss_fn))
  print(step.trace(state, x, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
