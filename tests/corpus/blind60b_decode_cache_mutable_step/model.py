import flax.linen as nn
import jax.numpy as jnp
from jax import lax


class DecoderLayer(nn.Module):
  num_heads: int = 4
  head_dim: int = 32
  max_len: int = 64
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, x, decode=False):
    b = x.shape[0]
    dense = lambda n: nn.DenseGeneral((self.num_heads, self.head_dim), dtype=self.dtype, name=n)
    q, k, v = dense('query')(x), dense('key')(x), dense('value')(x)
    if decode:
      is_init = not self.has_variable('cache', 'cached_key')
      shape = (b, self.max_len, self.num_heads, self.head_dim)
      ck = self.variable('cache', 'cached_key', jnp.zeros, shape, k.dtype)
      cv = self.variable('cache', 'cached_value', jnp.zeros, shape, v.dtype)
      ci = self.variable('cache', 'cache_index', lambda: jnp.array(0, jnp.int32))
      if not is_init:
        i = ci.value
        ck.value = lax.dynamic_update_slice(ck.value, k, (0, i, 0, 0))
        cv.value = lax.dynamic_update_slice(cv.value, v, (0, i, 0, 0))
        ci.value = i + 1
        k, v = ck.value, cv.value
        mask = (jnp.arange(self.max_len) <= i)[None, None, None, :]
        logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(self.head_dim).astype(self.dtype)
        logits = jnp.where(mask, logits, jnp.finfo(self.dtype).min)
        out = jnp.einsum('bhqk,bkhd->bqhd', nn.softmax(logits), v)
        return x + nn.DenseGeneral(x.shape[-1], axis=(-2, -1), dtype=self.dtype, name='out')(out)
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(self.head_dim).astype(self.dtype)
    out = jnp.einsum('bhqk,bkhd->bqhd', nn.softmax(logits), v)
    return x + nn.DenseGeneral(x.shape[-1], axis=(-2, -1), dtype=self.dtype, name='out')(out)


class Decoder(nn.Module):
  vocab: int = 512
  d_model: int = 128

  @nn.compact
  def __call__(self, tokens, decode=False):
    emb = nn.Embed(self.vocab, self.d_model, name='embed')
    x = emb(tokens).astype(jnp.bfloat16)
    for i in range(2):
      x = DecoderLayer(name=f'layer_{i}')(x, decode=decode)
    return emb.attend(x.astype(jnp.float32))
