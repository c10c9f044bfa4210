import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding

from moe.dispatch import expert_parallel_ffn, EXPERT_AXIS

NUM_EXPERTS = 8
CAPACITY = 4
D, F = 32, 64

mesh = jax.make_mesh((4,), (EXPERT_AXIS,), axis_types=(jax.sharding.AxisType.Explicit,))

moe_layer = jax.shard_map(
    functools.partial(expert_parallel_ffn, num_experts=NUM_EXPERTS, capacity=CAPACITY),
    mesh=mesh,
    in_specs=(P(EXPERT_AXIS), P(), P(EXPERT_AXIS), P(EXPERT_AXIS)),
    out_specs=P(EXPERT_AXIS),
)


@jax.jit
def forward(x, router_w, w_in, w_out):
  return x + moe_layer(x, router_w, w_in, w_out)


def put(a, spec):
  return jax.device_put(a, NamedSharding(mesh, spec))


x = put(jnp.ones((64, D)), P(EXPERT_AXIS))
router_w = put(jnp.ones((D, NUM_EXPERTS)), P())
w_in = put(jnp.ones((NUM_EXPERTS, D, F)), P(EXPERT_AXIS))
w_out = put(jnp.ones((NUM_EXPERTS, F, D)), P(EXPERT_AXIS))
lowered = forward.trace(x, router_w, w_in, w_out).lower(lowering_platforms=("cuda",))
print("ok", bool(lowered.as_text()))
