"""JAX's tests/pallas/tpu_pallas_distributed_test.py (JAX 0.10.2): PallasCallRemoteDMATest.test_no_barrier_semaphore.

The test's body as a plain function, called the way its parameterization calls it (the absltest
class, its TPU-version skips and absl flag parsing dropped); the jitted function is lowered for TPU
(`.trace(...).lower(lowering_platforms=("tpu",))`) instead of run and its result checks are gone.

Mutation: `collective_id=0` also set on the second kernel, which never takes the barrier semaphore.
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


def test_no_barrier_semaphore():
  def alloc_sem(_):
    num_devices = lax.axis_size('x')
    barrier_sem = pltpu.get_barrier_semaphore()
    for i in range(num_devices):
      pl.semaphore_signal(barrier_sem, device_id=i)
    pl.semaphore_wait(barrier_sem, num_devices)

  def barrier_kernel(x_ref, sem_ref, out_ref):
    num_devices = lax.axis_size('x')
    for i in range(num_devices):
      pl.semaphore_signal(sem_ref, device_id=i)
    pl.semaphore_wait(sem_ref, num_devices)
    out_ref[...] = x_ref[...] + 1

  x = jnp.arange(8 * 128).reshape((8, 128))

  def body(x):
    sem = pl.pallas_call(
        alloc_sem,
        in_specs=[],
        out_specs=pl.BlockSpec(memory_space=pltpu.SEMAPHORE),
        out_shape=pltpu.SemaphoreType.REGULAR(()),
        compiler_params=pltpu.CompilerParams(collective_id=0),
    )()
    return pl.pallas_call(
        barrier_kernel,
        in_specs=[
            pl.BlockSpec(memory_space=pltpu.VMEM),
            pl.BlockSpec(memory_space=pltpu.SEMAPHORE),
        ],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        out_shape=x,
        compiler_params=pltpu.CompilerParams(collective_id=0, skip_device_barrier=True),
    )(x, sem)

  device_mesh = mesh_utils.create_device_mesh(
      (jax.device_count(),), jax.devices())
  mesh = jax.sharding.Mesh(device_mesh, ['x'])
  jax.jit(
      shard_map.shard_map(
          body, mesh=mesh, in_specs=P('x'), out_specs=P('x'), check_vma=False
      )
  ).trace(x).lower(lowering_platforms=("tpu",))


test_no_barrier_semaphore()
