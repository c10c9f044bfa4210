"""Naive forward pipeline: stage i computes, then sends its activations to i+1."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


def _shift_right(h, axis_name, n):
  perm = [(i, i + 1) for i in range(n - 1)]
  token = lax.psend(h, axis_name, perm)
  return lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), axis_name, perm)


def pipeline_forward(params, x, *, static, axis_name, num_stages):
  # params carry a leading stage dim of 1 on each device
  stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
  h = x
  for _ in range(num_stages - 1):
    h = jax.vmap(stage)(h)
    h = _shift_right(h, axis_name, num_stages)
  return jax.vmap(stage)(h)
