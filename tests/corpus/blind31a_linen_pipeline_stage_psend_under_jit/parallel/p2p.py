from jax import lax
import jax


def send_next(x, axis_name, num_stages):
  perm = [(i, i + 1) for i in range(num_stages - 1)]
  return lax.psend(x, axis_name, perm), perm


def recv_prev(token, like, axis_name, perm):
  return lax.precv(token, jax.ShapeDtypeStruct(like.shape, like.dtype), axis_name, perm)
