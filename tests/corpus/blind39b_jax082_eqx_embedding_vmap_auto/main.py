import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("dp",))   # JAX 0.8: Auto axes
emb = eqx.nn.Embedding(num_embeddings=256, embedding_size=16, key=jax.random.key(1))
params, static = eqx.partition(emb, eqx.is_array)


def embed_batch(params, ids):
    layer = eqx.combine(params, static)
    return jax.vmap(jax.vmap(layer))(ids)


ids = jax.device_put(jnp.arange(64, dtype=jnp.int32).reshape(8, 8), NamedSharding(mesh, P("dp", None)))
print(jax.jit(embed_batch).trace(params, ids).lower(lowering_platforms=("cuda",)).as_text()[:40])
