import jax
import jax.lax as L

PP = 'pp'


def ring(n):
  return [(i, (i + 1) % n) for i in range(n)]


def shift_right(x, n):
  token = L.psend(x, PP, ring(n))
  return L.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), PP, ring(n))
