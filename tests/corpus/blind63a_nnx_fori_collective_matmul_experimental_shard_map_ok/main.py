from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P
from flax import nnx

from collective import TP, AllGatherDense

mesh = jax.make_mesh((4,), (TP,))
layer = AllGatherDense(512, 2048, tp_size=4, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(layer)
state_specs = nnx.get_partition_spec(state)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(state_specs, P(TP, None)), out_specs=P(None, TP))
def apply(state, x):
  return nnx.merge(graphdef, state)(x)


x = jax.ShapeDtypeStruct((256, 512), jnp.float32)
apply.trace(state, x).lower(lowering_platforms=("tpu",))
