import equinox as eqx
import jax
import jax.numpy as jnp


class Block(eqx.Module):
  ln1: eqx.nn.LayerNorm
  attn: eqx.nn.MultiheadAttention
  ln2: eqx.nn.LayerNorm
  mlp: eqx.nn.MLP

  def __init__(self, d_model, n_heads, *, key):
    k1, k2 = jax.random.split(key)
    self.ln1 = eqx.nn.LayerNorm(d_model)
    self.attn = eqx.nn.MultiheadAttention(n_heads, d_model, key=k1)
    self.ln2 = eqx.nn.LayerNorm(d_model)
    self.mlp = eqx.nn.MLP(d_model, d_model, 4 * d_model, 1, activation=jax.nn.gelu, key=k2)

  def __call__(self, x, mask):
    h = jax.vmap(self.ln1)(x)
    x = x + self.attn(h, h, h, mask=mask)
    h = jax.vmap(self.ln2)(x)
    return x + jax.vmap(self.mlp)(h)


class Transformer(eqx.Module):
  embed: eqx.nn.Embedding
  pos: jax.Array
  blocks: list
  ln_f: eqx.nn.LayerNorm
  head: eqx.nn.Linear

  def __init__(self, vocab, d_model, n_heads, n_layers, max_len, *, key):
    ks = jax.random.split(key, n_layers + 3)
    self.embed = eqx.nn.Embedding(vocab, d_model, key=ks[0])
    self.pos = jax.random.normal(ks[1], (max_len, d_model)) * 0.02
    self.blocks = [Block(d_model, n_heads, key=k) for k in ks[2:-1]]
    self.ln_f = eqx.nn.LayerNorm(d_model)
    self.head = eqx.nn.Linear(d_model, vocab, use_bias=False, key=ks[-1])

  def __call__(self, tokens):
    n = tokens.shape[0]
    x = jax.vmap(self.embed)(tokens) + self.pos[:n]
    mask = jnp.tril(jnp.ones((n, n), bool))
    for blk in self.blocks:
      x = blk(x, mask)
    return jax.vmap(self.head)(jax.vmap(self.ln_f)(x))
