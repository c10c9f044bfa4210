"""A GPipe-like forward pass: every device owns one stage; after running its stage a device
sends the activations to the next stage with psend and receives its own input with precv."""
import jax
import jax.numpy as jnp
from flax import nnx


def _shift_right(x, axis_name, num_stages):
  perm = [(i, i + 1) for i in range(num_stages - 1)]
  token = jax.lax.psend(x, axis_name, perm)
  return jax.lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), axis_name, perm)


def spmd_pipeline(graphdef, state, x, *, axis_name, num_stages):
  state = jax.tree.map(lambda a: a[0], state)  # drop the stage dim of the local shard
  stage = nnx.merge(graphdef, state)
  for _ in range(num_stages - 1):
    x = stage(x)
    x = _shift_right(x, axis_name, num_stages)
  x = stage(x)
  return x[None]
