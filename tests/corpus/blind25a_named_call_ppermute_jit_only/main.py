import jax
import jax.numpy as jnp
from jax import lax as L


def _exchange(u):
  n = 4
  left = L.ppermute(u[-1:], 'x', [(i, (i + 1) % n) for i in range(n)])
  right = L.ppermute(u[:1], 'x', [(i, (i - 1) % n) for i in range(n)])
  return jnp.concatenate([left, u, right])


exchange = jax.named_call(_exchange, name='halo_exchange')


@jax.jit
def stencil(u):
  p = exchange(u)
  return 0.25 * p[:-2] + 0.5 * p[1:-1] + 0.25 * p[2:]


stencil.trace(jnp.ones(64)).lower(lowering_platforms=('cuda',))
print('ok')
