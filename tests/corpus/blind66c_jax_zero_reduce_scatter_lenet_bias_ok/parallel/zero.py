"""Reduce-scatter / all-gather helpers: each device owns a 1/n slice (dim 0) of every leaf."""
import jax
import jax.numpy as jnp
from jax import lax


def owns_slice(x, n):
  return x.ndim >= 1 and x.shape[0] % n == 0


def reduce_scatter(grads, axis_name, n):
  def one(g):
    if owns_slice(g, n):
      return lax.psum_scatter(g, axis_name, scatter_dimension=0, tiled=True) / n
    return lax.pmean(g, axis_name)
  return jax.tree.map(one, grads)


def local_slice(params, axis_name, n):
  idx = lax.axis_index(axis_name)

  def one(p):
    if owns_slice(p, n):
      size = p.shape[0] // n
      return lax.dynamic_slice_in_dim(p, idx * size, size, axis=0)
    return p
  return jax.tree.map(one, params)


def all_gather(shards, full_like, axis_name, n):
  def one(s, p):
    if owns_slice(p, n):
      return lax.all_gather(s, axis_name, axis=0, tiled=True)
    return s
  return jax.tree.map(one, shards, full_like)
