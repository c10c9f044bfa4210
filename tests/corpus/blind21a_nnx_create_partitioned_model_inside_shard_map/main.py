from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


class FFN(nnx.Module):
  def __init__(self, d, d_ff, rngs):
    init = nnx.initializers.lecun_normal()
    self.wi = nnx.Linear(d, d_ff, use_bias=False,
                         kernel_init=nnx.with_partitioning(init, (None, 'model')), rngs=rngs)
    self.wo = nnx.Linear(d_ff, d, use_bias=False,
                         kernel_init=nnx.with_partitioning(init, ('model', None)), rngs=rngs)

  def __call__(self, x):
    return self.wo(jax.nn.relu(self.wi(x)))


mesh = jax.make_mesh((4,), ('model',), axis_types=(AxisType.Auto,))


# each device initializes only its own shard of the weights
@partial(jax.shard_map, mesh=mesh, in_specs=P(), out_specs=P())
def init_local_shards(key):
  model = FFN(32, 128 // 4, nnx.Rngs(key))
  return nnx.state(model)


with jax.set_mesh(mesh):
  jax.jit(init_local_shards).trace(jax.random.key(0)).lower(lowering_platforms=('cuda',))
