import functools

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('pp', 'dp'), axis_types=(AxisType.Auto, AxisType.Auto))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P('pp'), P()), out_specs=P('pp'),
                   axis_names={'pp'})
def stage_then_rotate(w_stage, x):
  h = jnp.tanh(x @ w_stage[0])
  n = jax.lax.axis_size('pp')
  return jax.lax.ppermute(h, 'pp', [(i, (i + 1) % n) for i in range(n)])[None]


w = jnp.ones((2, 32, 32)) / 32
x = jnp.ones((8, 32))
jax.jit(stage_then_rotate).trace(w, x).lower(lowering_platforms=('cuda',))
