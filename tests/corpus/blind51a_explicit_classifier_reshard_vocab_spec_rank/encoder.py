import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from common.shard_utils import keep_vocab_sharded


def init(key, d=64, f=256, num_classes=16):
  k1, k2, k3 = jax.random.split(key, 3)
  return dict(
      wi=jax.device_put(jax.random.normal(k1, (d, f)) * 0.02, P(None, 'model')),
      wo=jax.device_put(jax.random.normal(k2, (f, d)) * 0.02, P('model', None)),
      head=jax.device_put(jax.random.normal(k3, (d, num_classes)) * 0.02, P(None, 'model')),
  )


def apply(params, x):
  h = jax.nn.gelu(jnp.einsum('bsd,df->bsf', x, params['wi']))
  x = x + jnp.einsum('bsf,fd->bsd', h, params['wo'], out_sharding=P('data', None, None))
  pooled = jnp.mean(x, axis=1)
  logits = jnp.einsum('bd,dc->bc', pooled, params['head'])
  return keep_vocab_sharded(logits)
