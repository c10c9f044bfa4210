import jax.numpy as jnp
from jax import lax


def with_halo(x, axis, n):
  right = lax.ppermute(x[-1:], axis, [(i, (i + 1) % n) for i in range(n)])
  left = lax.ppermute(x[:1], axis, [(i, (i - 1) % n) for i in range(n)])
  return jnp.concatenate([right, x, left], axis=0)
