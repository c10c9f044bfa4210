"""JAX's tests/pallas/tpu_pallas_distributed_test.py (JAX 0.10.2): PallasCallRemoteDMATest.test_pallas_call_axis_index_2d_mesh.

The test's body as a plain function, called the way its parameterization calls it (the absltest
class, its TPU-version skips and absl flag parsing dropped); the jitted function is lowered for TPU
(`.trace(...).lower(lowering_platforms=("tpu",))`) instead of run and its result checks are gone.

Mutation: the `shard_map` manual over 'x' only (`axis_names={'x'}`); the kernel still reads `axis_index('y')`.
"""
import functools
import json
import jax
from jax import lax
from jax._src import shard_map
from jax.experimental import mesh_utils
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
import jax.numpy as jnp
import numpy as np

P = jax.sharding.PartitionSpec

partial = functools.partial


def test_pallas_call_axis_index_2d_mesh(direction):
  # Implements very simple collective permute in a 2D mesh.
  def kernel(x_ref, y_ref):
    def body(ready_sem, send_sem, recv_sem):
      my_id = lax.axis_index('x')
      my_other_id = lax.axis_index('y')
      axis_size = lax.axis_size('x')
      if direction == 'right':
        neighbor = lax.rem(my_id + 1, axis_size)
      else:
        neighbor = lax.rem(my_id - 1, axis_size)
        # Neighbor might be negative here so we add num_devices in case
        neighbor = jnp.where(neighbor < 0, neighbor + axis_size, neighbor)
      pl.semaphore_signal(ready_sem, device_id=(my_other_id, neighbor))
      pl.semaphore_wait(ready_sem)
      copy_done = pltpu.async_remote_copy(
          x_ref, y_ref, send_sem, recv_sem, device_id=(my_other_id, neighbor)
      )
      copy_done.wait_send()
      copy_done.wait_recv()

    pl.run_scoped(
        body,
        pltpu.SemaphoreType.REGULAR,
        pltpu.SemaphoreType.DMA,
        pltpu.SemaphoreType.DMA,
    )

  axis_size = jax.device_count() // 2
  x = jnp.arange(axis_size * 8 * 128).reshape((axis_size * 8, 128))

  def body(x):
    return pl.pallas_call(
        kernel,
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        out_shape=x,
    )(x)

  device_mesh = mesh_utils.create_device_mesh(
      (2, axis_size), jax.devices()
  )
  mesh = jax.sharding.Mesh(device_mesh, ['y', 'x'])
  y = jax.jit(
      shard_map.shard_map(
          body,
          mesh=mesh,
          in_specs=P('x', None),
          out_specs=P('x', None),
          check_vma=False,
          axis_names={'x'},
      )
  ).trace(x).lower(lowering_platforms=("tpu",))


test_pallas_call_axis_index_2d_mesh('left')
