"""JAX's tests/pallas/tpu_pallas_distributed_test.py (JAX 0.10.2): PallasCallRemoteDMATest.test_basic_remote_vmem_dma.

The test's body as a plain function, called the way its parameterization calls it (the absltest
class, its TPU-version skips and absl flag parsing dropped); the jitted function is lowered for TPU
(`.trace(...).lower(lowering_platforms=("tpu",))`) instead of run and its result checks are gone.

Mutation: the out_shape's `manual_axis_type` dropped under the default `check_vma=True`.
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


def test_basic_remote_vmem_dma(mem):
  # Implements very simple collective permute
  def kernel(x_ref, y_ref):
    def body(ready_sem, send_sem, recv_sem):
      other_dev_id = 1 - lax.axis_index('x')
      pl.semaphore_signal(ready_sem, device_id=other_dev_id,
                             device_id_type=pl.DeviceIdType.LOGICAL)
      pl.semaphore_wait(ready_sem)
      copy_done = pltpu.async_remote_copy(
          x_ref, y_ref, send_sem, recv_sem, other_dev_id,
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

  x = jnp.arange(2 * 8 * 128.0).reshape((2 * 8, 128))

  def body(x):
    return pl.pallas_call(
        kernel,
        in_specs=[pl.BlockSpec(memory_space=mem)],
        out_specs=pl.BlockSpec(memory_space=mem),
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    )(x)

  devices = jax.devices()[:2]
  mesh = jax.sharding.Mesh(devices, ['x'])
  f = jax.jit(
      shard_map.shard_map(
          body, mesh=mesh, in_specs=P('x'), out_specs=P('x'),
      )
  )
  f.trace(x).lower(lowering_platforms=("tpu",))


test_basic_remote_vmem_dma(pltpu.VMEM)
