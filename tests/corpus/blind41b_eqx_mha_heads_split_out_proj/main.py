"""Equinox MultiheadAttention with its projections split over heads (JAX 0.10 default mesh)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
heads_out = NamedSharding(mesh, P("model", None))   # (heads*head_dim, d): split output features
heads_in = NamedSharding(mesh, P(None, "model"))    # (d, heads*head_dim): split input features


def shard_attention(mha: eqx.nn.MultiheadAttention) -> eqx.nn.MultiheadAttention:
    where = lambda m: (m.query_proj.weight, m.key_proj.weight, m.value_proj.weight, m.output_proj.weight)
    q, k, v, o = where(mha)
    return eqx.tree_at(where, mha, (jax.device_put(q, heads_out), jax.device_put(k, heads_out),
                                    jax.device_put(v, heads_out), jax.device_put(o, heads_in)))


mha = eqx.nn.MultiheadAttention(num_heads=4, query_size=128, key=jr.key(0))
mha = shard_attention(mha)
params, static = eqx.partition(mha, eqx.is_array)


@jax.jit
def self_attend(params, x):
    attn = eqx.combine(params, static)
    return jax.vmap(lambda t: attn(t, t, t))(x)


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((8, 32, 128)), P("data", None, None))
    lowered = self_attend.trace(params, x).lower(lowering_platforms=("cuda",))
print("lowered")
