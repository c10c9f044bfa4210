"""Ring reduce-scatter in Pallas: after N-1 hops device d holds sum_k x_k[d]."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P

N_DEV = 4
BLK = 8
mesh = jax.make_mesh((N_DEV,), ('x',))


def reduce_scatter_kernel(x_ref, o_ref, acc_ref, recv_ref, send_sem, recv_sem):
  my_id = lax.axis_index('x')
  right = lax.rem(my_id + 1, N_DEV)
  left = lax.rem(my_id - 1 + N_DEV, N_DEV)

  # handshake: make sure both neighbours entered the kernel before any DMA
  barrier_sem = pltpu.get_barrier_semaphore()
  pltpu.semaphore_signal(barrier_sem, device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
  pltpu.semaphore_signal(barrier_sem, device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
  pltpu.semaphore_wait(barrier_sem, 2)

  acc_ref[...] = x_ref[lax.rem(my_id - 1 + N_DEV, N_DEV)]

  def hop(step, carry):
    copy = pltpu.make_async_remote_copy(
        src_ref=acc_ref, dst_ref=recv_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    copy.start()
    copy.wait()
    chunk = lax.rem(my_id - step - 2 + 2 * N_DEV, N_DEV)
    acc_ref[...] = recv_ref[...] + x_ref[chunk]
    # tell the left neighbour our receive buffer is free again
    pltpu.semaphore_signal(barrier_sem, device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_wait(barrier_sem, 1)
    return carry

  lax.fori_loop(0, N_DEV - 1, hop, 0)
  o_ref[...] = acc_ref[...]


def reduce_scatter(x):
  # x: (N_DEV, BLK, 128) per device
  return pl.pallas_call(
      reduce_scatter_kernel,
      out_shape=jax.ShapeDtypeStruct((BLK, 128), x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.VMEM((BLK, 128), x.dtype), pltpu.VMEM((BLK, 128), x.dtype),
                      pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )(x)


sharded_rs = jax.jit(shard_map(reduce_scatter, mesh=mesh,
                               in_specs=P(None, 'x', None), out_specs=P('x', None),
                               check_rep=False))

if __name__ == '__main__':
  x = jax.ShapeDtypeStruct((N_DEV, BLK * N_DEV, 128), jnp.float32,
                           sharding=NamedSharding(mesh, P(None, 'x', None)))
  sharded_rs.trace(x).lower(lowering_platforms=('tpu',))
