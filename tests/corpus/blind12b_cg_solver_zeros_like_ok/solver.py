import jax
import jax.numpy as jnp

ROW = 'row'


def pdot(a, b):
  return jax.lax.psum(jnp.vdot(a, b), ROW)


def cg(matvec, b, tol=1e-6, maxiter=50):
  x0 = jnp.zeros_like(b)
  r0 = b - matvec(x0)
  init = (x0, r0, r0, pdot(r0, r0), 0)

  def cond(state):
    _, _, _, rs, k = state
    return (rs > tol * tol) & (k < maxiter)

  def body(state):
    x, r, p, rs, k = state
    ap = matvec(p)
    alpha = rs / pdot(p, ap)
    x = x + alpha * p
    r = r - alpha * ap
    rs_new = pdot(r, r)
    p = r + (rs_new / rs) * p
    return x, r, p, rs_new, k + 1

  return jax.lax.while_loop(cond, body, init)[0]
