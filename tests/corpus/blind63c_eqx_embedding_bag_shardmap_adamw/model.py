import equinox as eqx
import jax
import jax.numpy as jnp


class BagOfEmbeddings(eqx.Module):
  embed: eqx.nn.Embedding
  mlp: eqx.nn.MLP

  def __init__(self, vocab, dim, n_classes, *, key):
    ke, km = jax.random.split(key)
    self.embed = eqx.nn.Embedding(vocab, dim, dtype=jnp.float32, key=ke)
    self.mlp = eqx.nn.MLP(dim, n_classes, 2 * dim, 2, key=km)

  def __call__(self, tokens, mask):
    e = jax.vmap(self.embed)(tokens)
    pooled = jnp.sum(e * mask[:, None], axis=0) / jnp.maximum(jnp.sum(mask), 1.0)
    return self.mlp(pooled)
