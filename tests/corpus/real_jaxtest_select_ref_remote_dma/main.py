"""JAX's tests/pallas/tpu_pallas_distributed_test.py (JAX 0.10.2): PallasCallRemoteDMATest.test_select_ref_remote_dma.

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


def test_select_ref_remote_dma():
  """Tests select_ref with async_remote_copy for a collective permute."""
  num_refs = 4

  def kernel(*refs):
    *x_refs, y_ref = refs

    def body(ready_sem, send_sem, recv_sem):
      other_dev_id = 1 - lax.axis_index('x')
      pl.semaphore_signal(
          ready_sem,
          device_id=other_dev_id,
          device_id_type=pl.DeviceIdType.LOGICAL,
      )
      pl.semaphore_wait(ready_sem)

      @pl.loop(0, num_refs)
      def _(i):
        copy_done = pltpu.async_remote_copy(
            pl.select_ref(i, *x_refs),
            y_ref.at[pl.ds(8 * i, 8)],
            pl.select_ref(i % 2, send_sem.at[0], send_sem.at[1]),
            pl.select_ref(i % 2, recv_sem.at[0], recv_sem.at[1]),
            other_dev_id,
            device_id_type=pl.DeviceIdType.LOGICAL,
        )
        copy_done.wait_send()
        copy_done.wait_recv()

    pl.run_scoped(
        body,
        pltpu.SemaphoreType.REGULAR,
        pltpu.SemaphoreType.DMA(2),
        pltpu.SemaphoreType.DMA(2),
    )

  num_devices = 2
  x = jnp.arange(num_devices * 8 * num_refs * 128, dtype=jnp.int32).reshape(
      (num_devices * 8 * num_refs, 128)
  )

  def body(x):
    # Split x into num_refs chunks for each device
    xs = jnp.split(x, num_refs)
    return pl.pallas_call(
        kernel,
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)] * num_refs,
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        out_shape=jax.ShapeDtypeStruct(
            (8 * num_refs, 128),
            jnp.int32,
        ),
    )(*xs)

  devices = jax.devices()[:num_devices]
  mesh = jax.sharding.Mesh(devices, ['x'])
  f = jax.jit(
      shard_map.shard_map(
          body,
          mesh=mesh,
          in_specs=P('x'),
          out_specs=P('x'),
          check_vma=False,
      )
  )
  f.trace(x).lower(lowering_platforms=("tpu",))


test_select_ref_remote_dma()
