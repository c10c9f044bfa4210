import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


def lookup(table, ids):
    return jnp.take(table, ids, axis=0)


@jax.jit
def embed(table, ids):
    return jax.vmap(lookup, in_axes=(None, 0))(table, ids)


# vocab-parallel embedding table (Megatron VocabParallelEmbedding layout)
table = jax.device_put(jnp.ones((512, 64)), P("model", None))
ids = jax.device_put(jnp.zeros((8, 32), jnp.int32), P())
print(embed.trace(table, ids).lower(lowering_platforms=("cuda",)).as_text()[:40])
