import jax
import jax.numpy as jnp
from jax import lax


def forward_perm(n_stages):
  return [(i, i + 1) for i in range(n_stages - 1)]


def send_next(h, axis, n_stages):
  perm = forward_perm(n_stages)
  token = lax.psend(h, axis, perm)
  return lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), axis, perm)


def gpipe_forward(w, microbatches, *, axis, n_stages):
  stage = lax.axis_index(axis)
  outs = []
  for mb in microbatches:
    h = mb
    for _ in range(n_stages - 1):
      h = jnp.tanh(h @ w[0])
      h = send_next(h, axis, n_stages)
    h = jnp.tanh(h @ w[0])
    outs.append(jnp.where(stage == n_stages - 1, h, 0.0))
  return jnp.stack(outs)[None]
