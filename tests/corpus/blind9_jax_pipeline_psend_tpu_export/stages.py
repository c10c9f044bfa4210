import jax
import jax.numpy as jnp
from jax import lax


def stage_forward(params, x):
  h = jax.nn.relu(x @ params['w1'][0])
  return x + h @ params['w2'][0]


def send_right(h, axis, n):
  perm = [(i, i + 1) for i in range(n - 1)]
  tok = lax.psend(h, axis, perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), axis, perm)
