import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


def lookup(table, ids):
    # per-example lookup; tell JAX how the gathered rows are laid out
    return table.at[ids].get(out_sharding=P(None, "model"))


@jax.jit
def embed(table, ids):
    return jax.vmap(lookup, in_axes=(None, 0))(table, ids)


table = jax.device_put(jnp.ones((512, 64)), P(None, "model"))
ids = jax.device_put(jnp.zeros((8, 32), jnp.int32), P("data", None))
print(embed.trace(table, ids).lower(lowering_platforms=("cuda",)).as_text()[:40])
