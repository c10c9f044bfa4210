import jax
import jax.numpy as jnp
from jax import lax


def running_moments(xs):
  """Streams over the leading (time) axis accumulating per-feature moments."""
  num_features = xs.shape[-1]

  def body(carry, x_t):
    s1, s2 = carry
    return (s1 + x_t, s2 + x_t * x_t), None

  init = (jnp.zeros((num_features,), xs.dtype), jnp.zeros((num_features,), xs.dtype))
  (s1, s2), _ = lax.scan(body, init, xs)
  n = xs.shape[0]
  mean = s1 / n
  return mean, s2 / n - mean * mean
