import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class Net(nnx.Module):
  def __init__(self, rngs):
    init = nnx.initializers.lecun_normal()
    self.up = nnx.Linear(64, 256, kernel_init=nnx.with_partitioning(init, ('data', 'model')), rngs=rngs)
    self.down = nnx.Linear(256, 64, kernel_init=nnx.with_partitioning(init, ('model', 'data')), rngs=rngs)

  def __call__(self, x):
    return self.down(nnx.relu(self.up(x)))


mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))
with jax.set_mesh(mesh):
  abstract = nnx.eval_shape(lambda: Net(nnx.Rngs(0)))
  graphdef, abs_state = nnx.split(abstract)
  state_shardings = nnx.get_named_sharding(abs_state, mesh)
  model = Net(nnx.Rngs(0))
  _, state = nnx.split(model)
  state = jax.device_put(state, state_shardings)

  x_sharding = NamedSharding(mesh, P('data'))

  def forward(state, x):
    m = nnx.merge(graphdef, state)
    return m(x)

  fwd = jax.jit(forward, in_shardings=(state_shardings, x_sharding),
                out_shardings=x_sharding)
  x = jax.device_put(jnp.ones((8, 64)), x_sharding)
  fwd.trace(state, x).lower(lowering_platforms=('cuda',))
