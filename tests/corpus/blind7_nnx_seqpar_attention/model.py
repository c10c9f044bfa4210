import jax.numpy as jnp
from flax import nnx
from jax import lax


class SeqParallelAttention(nnx.Module):
  """Causal self-attention for a sequence sharded over `seq_axis`: queries stay local, keys and
  values are gathered from every sequence shard."""

  def __init__(self, d_model: int, num_heads: int, *, seq_axis: str, rngs: nnx.Rngs):
    self.num_heads = num_heads
    self.seq_axis = seq_axis
    self.qkv = nnx.Linear(d_model, 3 * d_model, use_bias=False, rngs=rngs)
    self.out = nnx.Linear(d_model, d_model, use_bias=False, rngs=rngs)

  def __call__(self, x):
    b, t, d = x.shape
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    heads = lambda a: a.reshape(b, t, self.num_heads, d // self.num_heads)
    q, k, v = heads(q), heads(k), heads(v)
    k = lax.all_gather(k, self.seq_axis, axis=1, tiled=True)
    v = lax.all_gather(v, self.seq_axis, axis=1, tiled=True)
    q_pos = lax.axis_index(self.seq_axis) * t + jnp.arange(t)
    k_pos = jnp.arange(k.shape[1])
    mask = (q_pos[:, None] >= k_pos[None, :])[None, None]
    y = nnx.dot_product_attention(q, k, v, mask=mask)
    return self.out(y.reshape(b, t, d))


class Block(nnx.Module):
  def __init__(self, d_model: int, num_heads: int, *, seq_axis: str, rngs: nnx.Rngs):
    self.ln1 = nnx.LayerNorm(d_model, rngs=rngs)
    self.attn = SeqParallelAttention(d_model, num_heads, seq_axis=seq_axis, rngs=rngs)
    self.ln2 = nnx.LayerNorm(d_model, rngs=rngs)
    self.fc1 = nnx.Linear(d_model, 4 * d_model, rngs=rngs)
    self.fc2 = nnx.Linear(4 * d_model, d_model, rngs=rngs)

  def __call__(self, x):
    x = x + self.attn(self.ln1(x))
    return x + self.fc2(nnx.gelu(self.fc1(self.ln2(x))))


class TinyLM(nnx.Module):
  def __init__(self, vocab: int, d_model: int, num_heads: int, num_layers: int, *,
               seq_axis: str = 'seq', rngs: nnx.Rngs):
    self.embed = nnx.Embed(vocab, d_model, rngs=rngs)
    self.blocks = nnx.List([Block(d_model, num_heads, seq_axis=seq_axis, rngs=rngs)
                            for _ in range(num_layers)])
    self.ln_f = nnx.LayerNorm(d_model, rngs=rngs)

  def __call__(self, tokens):
    x = self.embed(tokens)
    for block in self.blocks:
      x = block(x)
    return self.embed.attend(self.ln_f(x))
