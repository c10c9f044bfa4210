import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P


class TiedLM(eqx.Module):
    embedding: eqx.nn.Embedding
    norm: eqx.nn.LayerNorm

    def __call__(self, h):  # h: (seq, dim) features from an upstream encoder
        h = jax.vmap(self.norm)(h)
        return h @ self.embedding.weight.T


mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)

k = jax.random.key(0)
lm = TiedLM(eqx.nn.Embedding(1024, 64, key=k), eqx.nn.LayerNorm(64))
lm = eqx.tree_at(lambda m: m.embedding.weight, lm, jax.device_put(lm.embedding.weight, P("model", None)))
feats = jax.device_put(jnp.ones((8, 16, 64)), P("data", None, None))
labels = jax.device_put(jnp.zeros((8, 16), jnp.int32), P("data", None))


def loss_fn(lm, feats, labels):
    logits = jax.vmap(lm)(feats)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


arrays, static = eqx.partition(lm, eqx.is_array)
g = jax.jit(lambda a, f, y: jax.grad(loss_fn)(eqx.combine(a, static), f, y))
print(g.trace(arrays, feats, labels).lower(lowering_platforms=("cuda",)).as_text()[:20])
