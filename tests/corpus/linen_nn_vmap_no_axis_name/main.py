"""Linen experts stacked with nn.vmap (one parameter set per expert, no axis_name), each
averaging over the others with pmean over 'expert'."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Expert(nn.Module):
  @nn.compact
  def __call__(self, x):
    y = nn.Dense(16)(x)
    # Load balancing: every expert sees the mean activation over the experts.
    return y - jax.lax.pmean(y, 'expert')


x = jnp.ones((8, 16))


Experts = nn.vmap(Expert, in_axes=None, out_axes=0, axis_size=4,
                  variable_axes={'params': 0}, split_rngs={'params': True})
model = Experts()
variables = jax.eval_shape(model.init, jax.random.key(0), x)
jax.jit(model.apply).trace(variables, x).lower(lowering_platforms=("cuda",))
