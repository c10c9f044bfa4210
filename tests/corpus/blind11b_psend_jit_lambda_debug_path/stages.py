import jax
import jax.numpy as jnp
from jax import lax as L

AXIS = 'pp'


def handoff(y, perm):
  tok = L.psend(y, AXIS, perm)
  return L.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), AXIS, perm)


def stage_body(w, x, perm):
  y = jnp.tanh(x @ w)
  return handoff(y, perm)
