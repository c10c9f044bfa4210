import jax
import jax.numpy as jnp
from jax.lax import precv as recv_from
from jax.lax import psend as send_to


def init_stages(key, num_stages, d):
  return jax.random.normal(key, (num_stages, d, d)) * d ** -0.5


def stage_fn(w, x):
  return jax.nn.gelu(x @ w)


def hand_off(y, axis_name, num_stages):
  perm = [(i, i + 1) for i in range(num_stages - 1)]
  token = send_to(y, axis_name, perm)
  return recv_from(token, jax.ShapeDtypeStruct(y.shape, y.dtype), axis_name, perm)
