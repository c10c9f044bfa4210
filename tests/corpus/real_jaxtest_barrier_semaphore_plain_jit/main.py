"""JAX's tests/pallas/tpu_pallas_distributed_test.py (JAX 0.10.2): PallasCallRemoteDMATest.test_barrier_semaphore.

The test's body as a plain function, called the way its parameterization calls it (the absltest
class, its TPU-version skips and absl flag parsing dropped); the jitted function is lowered for TPU
(`.trace(...).lower(lowering_platforms=("tpu",))`) instead of run and its result checks are gone.

Mutation: the `shard_map` dropped: `jax.jit(body)`.
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


def test_barrier_semaphore():
  def kernel(x_ref, y_ref):
    def body(ready_sem, send_sem, recv_sem):
      my_id = lax.axis_index('x')
      num_devices = lax.axis_size('x')
      neighbor = lax.rem(my_id + 1, num_devices)
      barrier_sem = pltpu.get_barrier_semaphore()
      pl.semaphore_signal(barrier_sem, device_id=neighbor)
      pl.semaphore_wait(barrier_sem)
      pl.semaphore_signal(ready_sem, device_id=neighbor)
      pl.semaphore_wait(ready_sem)
      pltpu.async_remote_copy(
          x_ref, y_ref, send_sem, recv_sem, device_id=neighbor
      ).wait()

    pl.run_scoped(
        body,
        pltpu.SemaphoreType.REGULAR,
        pltpu.SemaphoreType.DMA,
        pltpu.SemaphoreType.DMA,
    )

  num_devices = jax.local_device_count()
  x = jnp.arange(num_devices * 8 * 128).reshape((num_devices * 8, 128))

  def body(x):
    return pl.pallas_call(
        kernel,
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        out_shape=x,
        compiler_params=pltpu.CompilerParams(collective_id=0),
    )(x)

  device_mesh = mesh_utils.create_device_mesh(
      (jax.device_count(),), jax.devices())
  mesh = jax.sharding.Mesh(device_mesh, ['x'])
  jax.jit(body).trace(x).lower(lowering_platforms=("tpu",))


test_barrier_semaphore()
