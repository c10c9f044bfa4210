import jax
from jax import lax

PP = 'pp'


def transfer(x, n):
  perm = [(i, i + 1) for i in range(n - 1)]
  tok = lax.psend(x, PP, perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), PP, perm)
