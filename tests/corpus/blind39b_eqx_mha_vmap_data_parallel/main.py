import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((4,), ("data",)))

mha = eqx.nn.MultiheadAttention(num_heads=4, query_size=64, key=jax.random.key(0))
params, static = eqx.partition(mha, eqx.is_array)


@jax.jit
def self_attend(params, xs, mask):
    attn = eqx.combine(params, static)
    return jax.vmap(lambda x, m: attn(x, x, x, mask=m))(xs, mask)


xs = jax.device_put(jnp.ones((8, 16, 64)), P("data", None, None))
mask = jax.device_put(jnp.tril(jnp.ones((8, 16, 16), bool)), P("data", None, None))
print(self_attend.trace(params, xs, mask).lower(lowering_platforms=("cuda",)).as_text()[:40])
