import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",))


class Encoder(eqx.Module):
    embedding: eqx.nn.Embedding
    proj: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.embedding = eqx.nn.Embedding(512, 32, key=k1)
        self.proj = eqx.nn.Linear(32, 8, key=k2)

    def __call__(self, tokens):
        h = jax.vmap(self.embedding)(tokens)
        return jax.vmap(self.proj)(h).mean(0)


@eqx.filter_jit
def encode(model, tokens):
    return jax.vmap(model)(tokens)


model = Encoder(jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
tokens = jax.device_put(jnp.zeros((8, 16), jnp.int32), NamedSharding(mesh, P("batch")))
f = jax.jit(lambda p, t: encode(eqx.combine(p, static), t))
print(f.trace(params, tokens).lower(lowering_platforms=("cuda",)).as_text()[:60])
