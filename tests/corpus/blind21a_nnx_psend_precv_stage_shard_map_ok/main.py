from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from stages import AXIS, SendRecvStage

mesh = Mesh(np.array(jax.devices()), (AXIS,))
stage = SendRecvStage(64, n_stages=4, rngs=nnx.Rngs(0))


@nnx.jit
def tick(stage, acts):
  @partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P(AXIS)), out_specs=P(AXIS),
           check_vma=False)
  def per_stage(stage, acts):
    return stage(acts)
  return per_stage(stage, acts)


acts = jnp.ones((4 * 8, 64))
tick.trace(stage, acts).lower(lowering_platforms=('cuda',))
