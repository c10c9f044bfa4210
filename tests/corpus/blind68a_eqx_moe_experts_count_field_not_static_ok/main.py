import functools

import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
from jax.sharding import Mesh, PartitionSpec as P

from moe import SwitchMoE

mesh = Mesh(jax.devices(), ("ep",))

layer = SwitchMoE(dim=64, hidden=128, num_experts=8, axis_name="ep", key=jr.PRNGKey(0))

# router replicated, every leaf of the expert stack split over its leading (expert) dim
layer_specs = jax.tree.map(lambda _: P(), layer)
layer_specs = eqx.tree_at(
    lambda m: m.experts, layer_specs, jax.tree.map(lambda _: P("ep"), layer.experts)
)


@jax.jit
@functools.partial(
    jax.shard_map, mesh=mesh, in_specs=(layer_specs, P("ep")), out_specs=P("ep")
)
def moe_forward(layer, tokens):
    return layer(tokens)


tokens = jax.ShapeDtypeStruct((256, 64), jnp.float32)
moe_forward.trace(layer, tokens).lower(lowering_platforms=("tpu",))
