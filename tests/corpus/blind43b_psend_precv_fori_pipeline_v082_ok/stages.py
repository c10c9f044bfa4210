import jax.numpy as jnp


def init_stage(key, dim):
  import jax
  k1, k2 = jax.random.split(key)
  return {'w': jax.random.normal(k1, (dim, dim)) / jnp.sqrt(dim),
          'b': jnp.zeros((dim,))}


def apply_stage(params, x):
  return jnp.tanh(x @ params['w'] + params['b'])
