import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec
from flax import nnx
from jax.experimental import mesh_utils

mesh = Mesh(devices=mesh_utils.create_device_mesh((2, 2)), axis_names=('data', 'model'))


class DotReluDot(nnx.Module):
  def __init__(self, depth: int, rngs: nnx.Rngs):
    init_fn = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(depth, depth, use_bias=False,
                           kernel_init=nnx.with_partitioning(init_fn, (None, 'model')),
                           rngs=rngs)
    self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)), sharding=('model', None))

  def __call__(self, x):
    y = jax.nn.relu(self.dot1(x))
    y = jax.lax.with_sharding_constraint(y, PartitionSpec('data', 'model'))
    return jnp.dot(y, self.w2.value)


@nnx.jit
def create_sharded_model():
  model = DotReluDot(64, rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)
  return model


with mesh:
  sharded_model = create_sharded_model()
  graphdef, state = nnx.split(sharded_model)
  fwd = jax.jit(lambda s, x: nnx.merge(graphdef, s)(x))
  print(fwd.trace(state, jnp.ones((8, 64))).lower(lowering_platforms=('cuda',)).as_text()[:40])
