import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


@jax.jit
def embed(table, ids):
    x = table[ids]                      # (B, T, D)
    return x * jnp.sqrt(x.shape[-1]).astype(x.dtype)


table = jax.device_put(jnp.ones((512, 64)), P(None, "model"))
ids = jax.device_put(jnp.zeros((8, 32), jnp.int32), P("data", None))
print(embed.trace(table, ids).lower(lowering_platforms=("cuda",)).as_text()[:40])
