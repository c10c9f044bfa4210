import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from solver import ROW, cg


def solve_diag_plus_shift(d, b):
  # (diag(d) + 0.5 I) x = b, rows sharded
  return cg(lambda v: d * v + 0.5 * v, b)


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), (ROW,))
  f = jax.jit(jax.shard_map(solve_diag_plus_shift, mesh=mesh,
                            in_specs=(P(ROW), P(ROW)), out_specs=P(ROW)))
  f.trace(jnp.ones((64,)), jnp.ones((64,))).lower(lowering_platforms=('cuda',))
