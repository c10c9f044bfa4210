import jax
import jax.lax as lax


def forward_perm(n):
  return [(i, i + 1) for i in range(n - 1)]


def send_next(x, axis, n):
  perm = forward_perm(n)
  token = lax.psend(x, axis, perm)
  return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, perm)
