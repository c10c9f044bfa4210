import jax.numpy as jnp
from jax import lax
from flax import nnx

import kernels


class TokenShift(nnx.Module):
  """x_t <- mu * x_t + (1 - mu) * x_{t-1}, sequence sharded over `seq_axis`."""

  def __init__(self, d_model, seq_axis, *, rngs):
    self.seq_axis = seq_axis
    self.mu = nnx.Param(jnp.full((d_model,), 0.5))
    self.proj = nnx.Linear(d_model, d_model, rngs=rngs)

  def halo(self, x):
    from_left = kernels.ring_shift(x, self.seq_axis)[:, -1:, :]
    first = lax.axis_index(self.seq_axis) == 0
    return jnp.where(first, jnp.zeros_like(from_left), from_left)

  def __call__(self, x):
    prev = jnp.concatenate([self.halo(x), x[:, :-1, :]], axis=1)
    mu = self.mu[...]
    return self.proj(mu * x + (1.0 - mu) * prev)
