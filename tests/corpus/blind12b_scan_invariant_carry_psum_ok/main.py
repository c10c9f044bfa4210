import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

ROWS = 'rows'


def make_power_iteration(mesh, iters=10):
  def power_iteration(a_block, v0):
    def step(v, _):
      u = a_block @ v                      # [rows/ROWS]
      w = jax.lax.psum(a_block.T @ u, ROWS)  # [cols], replicated
      v = w / jnp.linalg.norm(w)
      return v, None

    v, _ = jax.lax.scan(step, v0, None, length=iters)
    sigma = jnp.sqrt(jax.lax.psum(jnp.sum((a_block @ v) ** 2), ROWS))
    return sigma, v

  return jax.jit(jax.shard_map(power_iteration, mesh=mesh,
                               in_specs=(P(ROWS, None), P()), out_specs=(P(), P())))


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), (ROWS,))
  fn = make_power_iteration(mesh)
  fn.trace(jnp.ones((64, 16)), jnp.ones((16,)) / 4.0).lower(lowering_platforms=('cuda',))
