from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

AXIS = "i"
mesh = Mesh(np.array(jax.devices()), (AXIS,))
n = mesh.shape[AXIS]
shift = partial(lax.ppermute, axis_name=AXIS, perm=[(j, (j + 1) % n) for j in range(n)])


@partial(jax.shard_map, mesh=mesh, in_specs=(P(AXIS, None), P(None, AXIS)), out_specs=P(None, AXIS))
def collective_matmul_allgather_lhs(lhs_block, rhs_block):
  # lhs_block: f32[2, 16], rhs_block: f32[16, 8]
  idx = lax.axis_index(AXIS)
  rows = lhs_block.shape[0]
  out = jnp.zeros((rows * n, rhs_block.shape[1]), lhs_block.dtype)
  out = lax.pcast(out, AXIS, to="varying")  # accumulator differs per device

  def body(k, carry):
    out, lhs = carry
    src = (idx - k) % n
    out = lax.dynamic_update_slice_in_dim(out, lhs @ rhs_block, src * rows, axis=0)
    return out, shift(lhs)

  out, _ = lax.fori_loop(0, n, body, (out, lhs_block))
  return out


lhs = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P(AXIS, None)))
rhs = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P(None, AXIS)))
print(jax.jit(collective_matmul_allgather_lhs).trace(lhs, rhs).lower(lowering_platforms=("cuda",)).as_text()[:40])
