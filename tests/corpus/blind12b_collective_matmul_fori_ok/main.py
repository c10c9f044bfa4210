from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class Cfg:
  axis: str = 'i'
  n: int = 4


cfg = Cfg()
mesh = jax.make_mesh((cfg.n,), (cfg.axis,), axis_types=(jax.sharding.AxisType.Explicit,))


def shift_left(x, axis, size):
  return jax.lax.ppermute(x, axis, perm=[(j, (j - 1) % size) for j in range(size)])


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(cfg.axis, None), P(None, cfg.axis)),
         out_specs=P(None, cfg.axis))
def matmul_allgather_overlapped(lhs_block, rhs_block):
  size = jax.lax.axis_size(cfg.axis)
  idx = jax.lax.axis_index(cfg.axis)
  shard = lhs_block.shape[0]

  def body(i, carry):
    out_block, lhs_block = carry
    lhs_block = shift_left(lhs_block, cfg.axis, size)
    block = lhs_block @ rhs_block
    out_block = jax.lax.dynamic_update_slice_in_dim(
        out_block, block, ((idx + i + 1) % size) * shard, axis=0)
    return out_block, lhs_block

  out_block = jnp.zeros((shard * size, rhs_block.shape[1]), lhs_block.dtype)
  out_block = jax.lax.pcast(out_block, cfg.axis, to='varying')
  out_block = jax.lax.dynamic_update_slice_in_dim(
      out_block, lhs_block @ rhs_block, idx * shard, axis=0)
  out_block, _ = jax.lax.fori_loop(0, size - 1, body, (out_block, lhs_block))
  return out_block


def main():
  lhs = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P(cfg.axis, None)))
  rhs = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P(None, cfg.axis)))
  matmul_allgather_overlapped.trace(lhs, rhs).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
