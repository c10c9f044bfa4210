"""Expert-parallel MoE-ish layer: shard_map written without mesh=, no mesh context entered."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class Experts(eqx.Module):
    w1: jax.Array
    w2: jax.Array

    def __init__(self, n_experts, dim, hidden, key):
        k1, k2 = jax.random.split(key)
        self.w1 = jax.random.normal(k1, (n_experts, dim, hidden)) * 0.02
        self.w2 = jax.random.normal(k2, (n_experts, hidden, dim)) * 0.02

    def __call__(self, tokens):
        # tokens: [experts_local, n_shards * capacity, dim]
        h = jax.nn.gelu(jnp.einsum("ecd,edh->ech", tokens, self.w1))
        return jnp.einsum("ech,ehd->ecd", h, self.w2)


def expert_ffn(experts, tokens):
    # [n_experts, capacity, dim] per device -> [n_experts / ep, ep * capacity, dim]
    tokens = jax.lax.all_to_all(tokens, "ep", 0, 1, tiled=True)
    out = experts(tokens)
    return jax.lax.all_to_all(out, "ep", 1, 0, tiled=True)


@eqx.filter_jit
def moe_forward(experts, tokens):
    return jax.shard_map(expert_ffn, in_specs=(P("ep"), P("ep")), out_specs=P("ep"))(experts, tokens)


mesh = jax.make_mesh((4,), ("ep",), axis_types=(AxisType.Auto,))
experts = Experts(8, 64, 128, jax.random.key(0))
experts = jax.device_put(experts, NamedSharding(mesh, P("ep")))
tokens = jax.device_put(jnp.ones((4 * 8, 16, 64)), NamedSharding(mesh, P("ep")))
print(jax.jit(moe_forward).trace(experts, tokens).lower(lowering_platforms=("cuda",)) is not None)
