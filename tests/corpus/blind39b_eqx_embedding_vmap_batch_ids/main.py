import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Encoder(eqx.Module):
    embed: eqx.nn.Embedding
    proj: eqx.nn.Linear

    def __init__(self, vocab, dim, key):
        k1, k2 = jax.random.split(key)
        self.embed = eqx.nn.Embedding(vocab, dim, key=k1)
        self.proj = eqx.nn.Linear(dim, dim, key=k2)

    def __call__(self, tokens):
        x = jax.vmap(self.embed)(tokens)
        return jax.vmap(self.proj)(x)


jax.set_mesh(jax.make_mesh((4,), ("data",)))
model = Encoder(1000, 32, jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


@jax.jit
def encode(params, batch):
    m = eqx.combine(params, static)
    return jax.vmap(m)(batch)


batch = jax.device_put(jnp.zeros((8, 16), jnp.int32), P("data", None))
print(encode.trace(params, batch).lower(lowering_platforms=("cuda",)).as_text()[:40])
