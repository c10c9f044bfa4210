"""JAX's shipped Pallas TPU all-gather (jax/experimental/pallas/ops/tpu/all_gather.py), called as
tests/pallas/tpu_all_gather_test.py (JAX 0.10.2) calls it: the test's body as a plain function called
with one of the examples its hypothesis strategies draw (the absltest/hypothesis scaffolding and TPU
skips dropped); the op (a `jax.jit`) is lowered for TPU instead of run and the result check is gone.
"""
import jax
from jax import random
from jax.experimental import mesh_utils
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.pallas.ops.tpu import all_gather
import jax.numpy as jnp
import numpy as np

P = jax.sharding.PartitionSpec


def test_all_gather_1d_mesh(is_vmem, shape, dtype):
  memory_space = pltpu.VMEM if is_vmem else pl.ANY
  mesh_shape = (jax.device_count(),)
  mesh = jax.sharding.Mesh(
      mesh_utils.create_device_mesh(mesh_shape, jax.devices()), ["x"]
  )
  leading, *rest = shape
  shape = (mesh.shape["x"] * leading, *rest)
  x = random.normal(random.key(0), shape, dtype=jnp.float32).astype(dtype)
  x_sharded = jax.device_put(x, jax.sharding.NamedSharding(mesh, P("x")))
  y = all_gather.all_gather.trace(x_sharded, mesh=mesh, axis_name="x",
                                  memory_space=memory_space).lower(lowering_platforms=("tpu",))


test_all_gather_1d_mesh(True, (128, 128), jnp.float32)
