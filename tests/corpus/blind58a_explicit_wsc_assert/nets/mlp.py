import jax
import jax.numpy as jnp
from jax.lax import with_sharding_constraint as wsc
from jax.sharding import PartitionSpec as P


def dense(x, w, b):
  return jnp.dot(x, w) + b


def mlp_block(params, x):
  h = jax.nn.relu(dense(x, params['w1'], params['b1']))
  # gather the hidden features before the down projection
  h = wsc(h, P('data', None))
  return dense(h, params['w2'], params['b2'])
