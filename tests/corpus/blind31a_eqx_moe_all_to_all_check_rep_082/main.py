import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from moe.experts import expert_parallel_ffn, make_experts

NUM_EXPERTS, D, H, CAPACITY = 4, 32, 64, 8

mesh = jax.make_mesh((4,), ("expert",), axis_types=(jax.sharding.AxisType.Explicit,))
experts = make_experts(NUM_EXPERTS, D, H, jax.random.key(0))
params, static = eqx.partition(experts, eqx.is_array)


@functools.partial(
    jax.shard_map, mesh=mesh,
    in_specs=(P("expert"), P("expert")), out_specs=P("expert"), check_rep=False)
def moe_layer(params, tokens):
  return expert_parallel_ffn(eqx.combine(params, static), tokens, axis_name="expert")


tokens = jax.ShapeDtypeStruct((NUM_EXPERTS * 4, CAPACITY, D), jnp.float32)
abstract = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype), params)
print(jax.jit(moe_layer).trace(abstract, tokens).lower(lowering_platforms=("cuda",)).as_text()[:20])
