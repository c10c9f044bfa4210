import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def init_mlp(key, d_model, d_ff):
  k1, k2 = jax.random.split(key)
  wi = jax.random.normal(k1, (d_model, d_ff), jnp.float32) * d_model ** -0.5
  wo = jax.random.normal(k2, (d_ff, d_model), jnp.float32) * d_ff ** -0.5
  return {
      'wi': jax.device_put(wi, P(None, 'model')),
      'wo': jax.device_put(wo, P('model', None)),
  }


def mlp_block(params, x):
  # column parallel: [B@data, D] x [D, F@model] -> [B@data, F@model]
  h = jnp.einsum('bd,df->bf', x, params['wi'])
  h = jax.nn.gelu(h)
  # row parallel: contracting dim F is sharded on 'model' on both sides
  return jnp.einsum('bf,fd->bd', h, params['wo'])
