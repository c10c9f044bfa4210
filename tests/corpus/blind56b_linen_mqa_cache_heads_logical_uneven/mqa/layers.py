import jax
import jax.numpy as jnp
import flax.linen as nn

from .config import Config

CACHE_AXES = ('cache_batch', 'cache_sequence', 'cache_heads', 'cache_kv')


def _kernel(names):
  return nn.with_logical_partitioning(nn.initializers.lecun_normal(), names)


class MQADecode(nn.Module):
  cfg: Config

  @nn.compact
  def __call__(self, x):
    cfg = self.cfg
    q = nn.DenseGeneral((cfg.num_query_heads, cfg.head_dim), use_bias=False,
                        kernel_init=_kernel(('embed', 'heads', 'kv')), name='query')(x)
    k = nn.DenseGeneral((cfg.num_kv_heads, cfg.head_dim), use_bias=False,
                        kernel_init=_kernel(('embed', 'kv_heads', 'kv')), name='key')(x)
    v = nn.DenseGeneral((cfg.num_kv_heads, cfg.head_dim), use_bias=False,
                        kernel_init=_kernel(('embed', 'kv_heads', 'kv')), name='value')(x)

    shape = (x.shape[0], cfg.max_target_length, cfg.num_kv_heads, cfg.head_dim)
    zeros = nn.with_logical_partitioning(jnp.zeros, CACHE_AXES)
    ck = self.variable('cache', 'cached_key', zeros, shape, jnp.float32)
    cv = self.variable('cache', 'cached_value', zeros, shape, jnp.float32)
    idx = self.variable('cache', 'cache_index', lambda: jnp.array(0, jnp.int32))

    i = idx.value
    ck.value = jax.lax.dynamic_update_slice(ck.value, k, (0, i, 0, 0))
    cv.value = jax.lax.dynamic_update_slice(cv.value, v, (0, i, 0, 0))
    idx.value = i + 1

    rep = cfg.num_query_heads // cfg.num_kv_heads
    keys = jnp.repeat(ck.value, rep, axis=2)
    vals = jnp.repeat(cv.value, rep, axis=2)
    mask = (jnp.arange(cfg.max_target_length) <= i)[None, None, None, :]
    out = nn.dot_product_attention(q, keys, vals, mask=mask)
    return nn.DenseGeneral(cfg.emb_dim, axis=(-2, -1), use_bias=False,
                           kernel_init=_kernel(('heads', 'kv', 'embed')), name='out')(out)


class TinyDecoder(nn.Module):
  cfg: Config

  @nn.compact
  def __call__(self, tokens):
    cfg = self.cfg
    emb = nn.Embed(cfg.vocab, cfg.emb_dim,
                   embedding_init=nn.with_logical_partitioning(nn.initializers.normal(0.02), ('vocab', 'embed')))
    x = emb(tokens)
    x = nn.with_logical_constraint(x, ('activation_batch', None, 'embed'))
    x = x + MQADecode(cfg)(nn.RMSNorm()(x))
    return emb.attend(nn.RMSNorm()(x))
