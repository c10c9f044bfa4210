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
    self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)))

  def __call__(self, x):
    y = jax.nn.relu(self.dot1(x))
    return jnp.dot(y, self.w2[...])


model = DotReluDot(64, rngs=nnx.Rngs(0))     # forgot: with jax.set_mesh(auto_mesh)
graphdef, state = nnx.split(model)


@jax.jit
def forward(state, x):
  return nnx.merge(graphdef, state)(x)


print(forward.trace(state, jnp.ones((8, 64))).lower(lowering_platforms=('cuda',)).as_text()[:40])
