import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class DEQCell(eqx.Module):
  w: eqx.nn.Linear
  u: eqx.nn.Linear
  norm: eqx.nn.LayerNorm

  def __init__(self, d, *, key):
    k1, k2 = jax.random.split(key)
    self.w = eqx.nn.Linear(d, d, key=k1)
    self.u = eqx.nn.Linear(d, d, key=k2)
    self.norm = eqx.nn.LayerNorm(d)

  def __call__(self, z, x):
    return self.norm(jnp.tanh(0.5 * self.w(z) + self.u(x)))


def fixed_point(cell, x, axis_name, tol=1e-4, max_iter=30):
  """Picard iteration; every data shard must agree on when to stop."""
  f = jax.vmap(cell)

  def cond(carry):
    _, res, i = carry
    return (res > tol) & (i < max_iter)

  def body(carry):
    z, _, i = carry
    z_new = f(z, x)
    res = lax.pmax(jnp.max(jnp.abs(z_new - z)), axis_name)
    return z_new, res, i + 1

  z0 = f(x * 0.0, x)
  z, _, _ = lax.while_loop(cond, body, (z0, jnp.asarray(jnp.inf, x.dtype), 0))
  return z
