import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from pipe.model import Stage

mesh = Mesh(jax.devices(), ('pp',))
stage = Stage(dim=128, layers_per_stage=2)
x = jnp.zeros((4 * 8, 128), jnp.float32)  # one microbatch buffer per stage
params = jax.eval_shape(stage.init, jax.random.key(0), x)
params = jax.tree.map(lambda a: jax.ShapeDtypeStruct((4,) + a.shape, a.dtype), params)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P('pp'), P('pp')), out_specs=P('pp'))
def run_stages(params, x):
  params = jax.tree.map(lambda a: a.squeeze(0), params)
  return stage.apply(params, x)


run_stages.trace(params, x).lower(lowering_platforms=("tpu",))
