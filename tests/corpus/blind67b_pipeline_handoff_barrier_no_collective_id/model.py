import jax.numpy as jnp

from parallel import ops


def stage_forward(w, b, x):
  """Runs this device's stage and hands the activations to the next stage."""
  h = jnp.tanh(x @ w + b)
  return ops.handoff(h)
