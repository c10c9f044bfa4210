"""JAX's tests/pallas/tpu_pallas_distributed_test.py (JAX 0.10.2): PallasCallRemoteDMATest.test_select_ref_smem_index_remote_dma.

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


def test_select_ref_smem_index_remote_dma():
  """Tests select_ref with an SMEM scalar index and async_remote_copy."""

  def kernel(idx_ref, x0_ref, x1_ref, y_ref):
    def body(ready_sem, send_sem, recv_sem):
      other_dev_id = 1 - lax.axis_index('x')
      pl.semaphore_signal(
          ready_sem,
          device_id=other_dev_id,
          device_id_type=pl.DeviceIdType.LOGICAL,
      )
      pl.semaphore_wait(ready_sem)
      x_ref = pl.select_ref(idx_ref[...], x0_ref, x1_ref)
      copy_done = pltpu.async_remote_copy(
          x_ref,
          y_ref,
          send_sem,
          recv_sem,
          other_dev_id,
          device_id_type=pl.DeviceIdType.LOGICAL,
      )
      copy_done.wait_send()
      copy_done.wait_recv()

    pl.run_scoped(
        body,
        pltpu.SemaphoreType.REGULAR,
        pltpu.SemaphoreType.DMA,
        pltpu.SemaphoreType.DMA,
    )

  num_devices = 2
  x0 = jnp.arange(num_devices * 8 * 128, dtype=jnp.float32).reshape(
      (num_devices * 8, 128)
  )
  x1 = jnp.zeros((num_devices * 8, 128), dtype=jnp.float32)
  idx = jnp.array(0, jnp.int32)  # select x0

  def body(idx, x0, x1):
    return pl.pallas_call(
        kernel,
        in_specs=[
            pl.BlockSpec(memory_space=pltpu.SMEM),
            pl.BlockSpec(memory_space=pltpu.VMEM),
            pl.BlockSpec(memory_space=pltpu.VMEM),
        ],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    )(idx, x0, x1)

  devices = jax.devices()[:num_devices]
  mesh = jax.sharding.Mesh(devices, ['x'])
  f = jax.jit(
      shard_map.shard_map(
          body,
          mesh=mesh,
          in_specs=(P(), P('x'), P('x')),
          out_specs=P('x'),
          check_vma=False,
      )
  )
  f.trace(idx, x0, x1).lower(lowering_platforms=("tpu",))


test_select_ref_smem_index_remote_dma()
