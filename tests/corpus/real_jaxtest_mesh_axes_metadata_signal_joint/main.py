"""JAX's tests/pallas/tpu_pallas_distributed_test.py (JAX 0.10.2): PallasKernelMetadataDistributedTest.test_mesh_axes_metadata_is_preserved.

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


def test_mesh_axes_metadata_is_preserved(axis_names, op):
  devices = np.array(jax.devices()[:4]).reshape((2, 2))
  mesh = jax.sharding.Mesh(devices, ('x', 'y'))

  def kernel(x_ref, out_ref):
    def body(send_sem, recv_sem, sem):
      if len(jax.tree.leaves(axis_names)) > 0:
        device_id = {a: 0 for a in axis_names}
        if op == 'copy':
          pltpu.async_remote_copy(
              x_ref,
              out_ref,
              send_sem,
              recv_sem,
              device_id=device_id,
          ).wait()
        else:
          pl.semaphore_signal(sem, device_id=device_id)
      else:
        out_ref[...] = x_ref[...]
    pl.run_scoped(
        body,
        send_sem=pltpu.SemaphoreType.DMA,
        recv_sem=pltpu.SemaphoreType.DMA,
        sem=pltpu.SemaphoreType.REGULAR,
    )

  @functools.partial(
      jax.jit,
      out_shardings=jax.sharding.NamedSharding(
          mesh, jax.sharding.PartitionSpec('x', 'y')
      ),
  )
  @functools.partial(
      jax.shard_map,
      mesh=mesh,
      in_specs=jax.sharding.PartitionSpec('x', 'y'),
      out_specs=jax.sharding.PartitionSpec('x', 'y'),
      check_vma=False,
  )
  def f(x):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((1, 1, 1, 128), jnp.float32),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
    )(x)

  x = jnp.zeros((2, 2, 1, 128), dtype=jnp.float32)
  f.trace(x).lower(lowering_platforms=("tpu",))


test_mesh_axes_metadata_is_preserved([('x', 'y')], 'signal')
