import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

from moe import AXIS, MoE

mesh = Mesh(jax.devices(), (AXIS,))
layer = MoE(num_experts=4, d=32, h=64, capacity=5, key=jr.PRNGKey(0))
params, static = eqx.partition(layer, eqx.is_array)

# gate replicated, expert weights split along the stacked expert axis
specs = jax.tree.map(lambda _: P(AXIS), params)
specs = eqx.tree_at(lambda m: m.gate, specs, P())


def forward(params, x):
  return eqx.combine(params, static)(x)


sharded = jax.shard_map(forward, mesh=mesh, in_specs=(specs, P(AXIS)), out_specs=P(AXIS))
x = jnp.ones((64, 32))
print(jax.jit(sharded).trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
