import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "seq"), axis_types=(jax.sharding.AxisType.Auto,) * 2)

attn = eqx.nn.MultiheadAttention(num_heads=2, query_size=16, key=jax.random.key(0))
params, static = eqx.partition(attn, eqx.is_array)

BATCH_SPEC = P("data", "seq", None)


def local_attention(params, q, mask):
    layer = eqx.combine(params, static)
    # padding mask per token -> (query, key) mask for each example
    pair = mask[:, :, None] & mask[:, None, :]
    out = jax.vmap(lambda q, m: layer(q, q, q, mask=m))(q, pair)
    return out


fwd = eqx.filter_jit(jax.shard_map(local_attention, mesh=mesh,
                                   in_specs=(P(), BATCH_SPEC, BATCH_SPEC),
                                   out_specs=BATCH_SPEC))

q = jnp.ones((4, 8, 16))
mask = jnp.ones((4, 8), bool)
print(jax.jit(fwd).trace(params, q, mask).lower(lowering_platforms=("cuda",)).as_text()[:60])
