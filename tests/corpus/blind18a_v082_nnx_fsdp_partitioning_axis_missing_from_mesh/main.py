import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType

from cfg import SHARDING


class FFN(nnx.Module):
  def __init__(self, d, f, rngs):
    init = nnx.initializers.lecun_normal()
    self.wi = nnx.Linear(d, f, use_bias=False,
                         kernel_init=nnx.with_partitioning(init, SHARDING['embed_kernel']), rngs=rngs)
    self.wo = nnx.Linear(f, d, use_bias=False,
                         kernel_init=nnx.with_partitioning(init, SHARDING['out_kernel']), rngs=rngs)

  def __call__(self, x):
    return self.wo(nnx.relu(self.wi(x)))


@nnx.jit
def create_sharded_model():
  model = FFN(128, 512, rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, state)
  return model


mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))
with jax.set_mesh(mesh):
  create_sharded_model.trace().lower(lowering_platforms=('cuda',))
