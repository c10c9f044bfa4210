import jax
import jax.numpy as jnp


def init_stage(key, d):
  k1, k2 = jax.random.split(key)
  return {'w1': jax.random.normal(k1, (d, 4 * d)) * 0.02,
          'w2': jax.random.normal(k2, (4 * d, d)) * 0.02}


def apply_stage(p, x):
  return x + jax.nn.gelu(x @ p['w1']) @ p['w2']
