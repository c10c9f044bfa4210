import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

ROWS = 'rows'


def top_singular_value(a_rows, tol=1e-4, max_iters=50):
  """a_rows: [m/n, k] row block. v lives replicated, u lives row-sharded."""
  v0 = jnp.ones((a_rows.shape[1],)) / jnp.sqrt(a_rows.shape[1])

  def cond(state):
    i, v, sigma, delta = state
    return (i < max_iters) & (delta > tol)

  def body(state):
    i, v, sigma, _ = state
    u = a_rows @ v
    w = lax.psum(a_rows.T @ u, ROWS)
    new_sigma = jnp.linalg.norm(w)
    return i + 1, w / new_sigma, new_sigma, jnp.abs(new_sigma - sigma)

  _, v, sigma, _ = lax.while_loop(cond, body, (0, v0, jnp.array(0.0), jnp.array(jnp.inf)))
  return jnp.sqrt(sigma), v


def main():
  mesh = Mesh(np.array(jax.devices()), (ROWS,))
  f = jax.jit(jax.shard_map(top_singular_value, mesh=mesh, in_specs=P(ROWS), out_specs=(P(), P())))
  a = jnp.ones((64, 16))
  f.trace(a).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
