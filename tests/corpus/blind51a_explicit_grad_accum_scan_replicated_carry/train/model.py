import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def init_params(key, d_model=64, d_ff=256, vocab=512):
  k1, k2, k3 = jax.random.split(key, 3)
  return {
      'embed': jax.device_put(jax.random.normal(k1, (vocab, d_model)) * 0.02, P(None, 'model')),
      'wi': jax.device_put(jax.random.normal(k2, (d_model, d_ff)) * 0.02, P(None, 'model')),
      'wo': jax.device_put(jax.random.normal(k3, (d_ff, d_model)) * 0.02, P('model', None)),
  }


def forward(params, x):
  h = jax.nn.relu(jnp.einsum('bd,df->bf', x, params['wi']))
  out = jnp.einsum('bf,fd->bd', h, params['wo'], out_sharding=P('data', None))
  logits = jnp.einsum('bd,vd->bv', out, params['embed'], out_sharding=P('data', None))
  return logits
