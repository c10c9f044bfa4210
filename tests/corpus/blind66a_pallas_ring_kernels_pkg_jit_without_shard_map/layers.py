import jax.numpy as jnp

from kernels import right_permute


def neighbour_mix(x, w, *, num_devices):
  """Residual block that mixes each shard with its left neighbour's shard."""
  from_left = right_permute(x, num_devices=num_devices)
  return x + jnp.tanh((x + from_left) @ w)
