import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P


class TokenClassifier(eqx.Module):
    embed: eqx.nn.Embedding
    head: eqx.nn.Linear

    def __init__(self, vocab, dim, n_cls, key):
        k1, k2 = jr.split(key)
        self.embed = eqx.nn.Embedding(vocab, dim, key=k1)
        self.head = eqx.nn.Linear(dim, n_cls, key=k2)

    def __call__(self, tokens):  # tokens: (seq,)
        h = jax.vmap(self.embed)(tokens)
        return self.head(jnp.mean(h, axis=0))


mesh = jax.make_mesh((4,), ("data",))
jax.set_mesh(mesh)

model = TokenClassifier(1000, 32, 5, jr.PRNGKey(0))
tokens = jax.device_put(jnp.zeros((16, 12), dtype=jnp.int32), P("data", None))


@eqx.filter_jit
def predict(model, tokens):
    return jax.vmap(model)(tokens)


arrays, static = eqx.partition(model, eqx.is_array)
lowered = jax.jit(lambda a, t: predict(eqx.combine(a, static), t)).trace(arrays, tokens).lower(
    lowering_platforms=("cuda",))
print("ok")
