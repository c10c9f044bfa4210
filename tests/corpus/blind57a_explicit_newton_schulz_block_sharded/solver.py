import jax
import jax.numpy as jnp


def newton_schulz_inverse(a, n_iter=20):
  """X_{k+1} = X_k (2 I - A X_k), started from X_0 = A^T / (|A|_1 |A|_inf)."""
  norm1 = jnp.max(jnp.sum(jnp.abs(a), axis=0))
  norminf = jnp.max(jnp.sum(jnp.abs(a), axis=1))
  x0 = a.T / (norm1 * norminf)
  eye = jnp.eye(a.shape[0], dtype=a.dtype)

  def body(_, x):
    ax = a @ x
    return x @ (2.0 * eye - ax)

  return jax.lax.fori_loop(0, n_iter, body, x0)
