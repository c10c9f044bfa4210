"""Ring all-gather over one mesh axis as a Pallas TPU kernel.

Adapted from the pedagogical jax/experimental/pallas/ops/tpu/all_gather.py:
each step forwards the slot received last step to the right neighbour.
"""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.shard_map import shard_map

P = jax.sharding.PartitionSpec


def _right_neighbor(axis_name):
  idx = lax.axis_index(axis_name)
  return lax.rem(idx + 1, lax.psum(1, axis_name))


def _ring_kernel(x_ref, o_ref, send_sem, recv_sem, *, axis_name, num_devices):
  my_id = lax.axis_index(axis_name)
  pltpu.async_copy(x_ref, o_ref.at[my_id], recv_sem).wait()

  right = _right_neighbor(axis_name)
  barrier = pltpu.get_barrier_semaphore()
  pltpu.semaphore_signal(barrier, 1, device_id=(right,))
  pltpu.semaphore_wait(barrier, 1)

  for step in range(num_devices - 1):
    slot = lax.rem(my_id - step + num_devices, num_devices)
    dma = pltpu.async_remote_copy(
        o_ref.at[slot], o_ref.at[slot], send_sem, recv_sem, device_id=(right,))
    dma.wait()


def ring_all_gather_local(x_shard, *, axis_name, num_devices):
  """Per-device body: must run under shard_map over `axis_name`."""
  out_shape = jax.ShapeDtypeStruct((num_devices, *x_shard.shape), x_shard.dtype)
  out = pl.pallas_call(
      functools.partial(_ring_kernel, axis_name=axis_name, num_devices=num_devices),
      out_shape=out_shape,
      in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
      out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )(x_shard)
  return out.reshape((num_devices * x_shard.shape[0], *x_shard.shape[1:]))


@functools.partial(jax.jit, static_argnames=["mesh", "axis_name"])
def all_gather(x, *, mesh, axis_name):
  local = functools.partial(ring_all_gather_local, axis_name=axis_name,
                            num_devices=mesh.shape[axis_name])
  return shard_map(local, mesh=mesh, in_specs=P(axis_name), out_specs=P(None),
                   check_rep=False)(x)
