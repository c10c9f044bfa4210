import equinox as eqx
import jax
import jax.numpy as jnp


class BagOfWords(eqx.Module):
    embed: eqx.nn.Embedding
    head: eqx.nn.MLP

    def __init__(self, vocab, dim, n_classes, *, key):
        k1, k2 = jax.random.split(key)
        self.embed = eqx.nn.Embedding(vocab, dim, key=k1)
        self.head = eqx.nn.MLP(dim, n_classes, width_size=2 * dim, depth=1, key=k2)

    def __call__(self, tokens):
        h = jax.vmap(self.embed)(tokens).mean(axis=0)
        return self.head(h)
