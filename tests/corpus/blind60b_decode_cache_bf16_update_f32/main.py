import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class CachedSelfAttention(nn.Module):
  num_heads: int = 4
  head_dim: int = 32
  max_len: int = 64

  @nn.compact
  def __call__(self, x, decode=False):
    b = x.shape[0]
    dense = lambda n: nn.DenseGeneral((self.num_heads, self.head_dim), name=n)
    q, k, v = dense('query')(x), dense('key')(x), dense('value')(x)
    if decode:
      shape = (b, self.max_len, self.num_heads, self.head_dim)
      # keep the KV cache in bf16 to halve HBM use during sampling
      cached_k = self.variable('cache', 'cached_key', jnp.zeros, shape, jnp.bfloat16)
      cached_v = self.variable('cache', 'cached_value', jnp.zeros, shape, jnp.bfloat16)
      idx = self.variable('cache', 'cache_index', lambda: jnp.array(0, jnp.int32))
      i = idx.value
      cached_k.value = lax.dynamic_update_slice(cached_k.value, k, (0, i, 0, 0))
      cached_v.value = lax.dynamic_update_slice(cached_v.value, v, (0, i, 0, 0))
      idx.value = i + 1
      k, v = cached_k.value, cached_v.value
      mask = (jnp.arange(self.max_len) <= i)[None, None, None, :]
    else:
      mask = None
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(self.head_dim)
    if mask is not None:
      logits = jnp.where(mask, logits, -1e9)
    out = jnp.einsum('bhqk,bkhd->bqhd', nn.softmax(logits), v)
    return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), name='out')(out)


def main():
  model = CachedSelfAttention()
  prompt = jnp.ones((2, 1, 128), jnp.float32)
  variables = jax.eval_shape(lambda: model.init(jax.random.key(0), prompt, decode=True))
  params, cache = variables['params'], variables['cache']

  @jax.jit
  def decode_step(params, cache, x):
    y, mutated = model.apply({'params': params, 'cache': cache}, x, decode=True, mutable=['cache'])
    return y, mutated['cache']

  decode_step.lower(params, cache, prompt).compiler_ir()


if __name__ == '__main__':
  main()
