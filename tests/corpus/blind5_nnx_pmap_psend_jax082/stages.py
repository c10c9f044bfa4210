import jax
import jax.numpy as jnp
from jax import lax as L

AXIS = 'stage'


def init_stage(key, dim):
  k1, k2 = jax.random.split(key)
  return {'w': jax.random.normal(k1, (dim, dim)) / jnp.sqrt(dim),
          'b': jnp.zeros((dim,))}


def stage_apply(params, x):
  return jnp.tanh(x @ params['w'] + params['b'])


def hand_off(y, num_stages):
  perm = [(i, i + 1) for i in range(num_stages - 1)]
  tok = L.psend(y, AXIS, perm)
  return L.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), AXIS, perm)
