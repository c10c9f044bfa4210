"""JAX's tests/pallas/tpu_pallas_distributed_test.py (JAX 0.10.2): PallasCallRemoteDMATest.test_device_id_dict_implicit_axis.

The test's body as a plain function, called the way its parameterization calls it (the absltest
class, its TPU-version skips and absl flag parsing dropped); the jitted function is lowered for TPU
(`.trace(...).lower(lowering_platforms=("tpu",))`) instead of run and its result checks are gone.
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


def test_device_id_dict_implicit_axis():

  def kernel(x_ref, y_ref):
    def body(ready_sem, send_sem, recv_sem):
      my_x = lax.axis_index('x')
      num_devices = lax.axis_size('x')
      neighbor_x = lax.rem(my_x + 1, num_devices)

      # 'y' should be held constant
      device_id = {'x': neighbor_x}

      pl.semaphore_signal(ready_sem, device_id=device_id)
      pl.semaphore_wait(ready_sem)
      copy_done = pltpu.async_remote_copy(
          x_ref, y_ref, send_sem, recv_sem, device_id=device_id
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
      )
  ).trace(x).lower(lowering_platforms=("tpu",))


test_device_id_dict_implicit_axis()
