"""A pure-JAX MLP stage (init/apply pair, the pattern Linen modules replace)."""
import jax
import jax.numpy as jnp


def init_stage(rng, d_model, hidden):
  k1, k2 = jax.random.split(rng)
  return {
      'w_in': jax.random.normal(k1, (d_model, hidden)) * d_model ** -0.5,
      'b_in': jnp.zeros((hidden,)),
      'w_out': jax.random.normal(k2, (hidden, d_model)) * hidden ** -0.5,
      'b_out': jnp.zeros((d_model,)),
  }


def apply_stage(params, x):
  h = jax.nn.gelu(x @ params['w_in'] + params['b_in'])
  return x + h @ params['w_out'] + params['b_out']
