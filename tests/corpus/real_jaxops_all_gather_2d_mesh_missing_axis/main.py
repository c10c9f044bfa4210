"""JAX's shipped Pallas TPU all-gather (jax/experimental/pallas/ops/tpu/all_gather.py), called as
tests/pallas/tpu_all_gather_test.py (JAX 0.10.2) calls it: the test's body as a plain function called
with one of the examples its hypothesis strategies draw (the absltest/hypothesis scaffolding and TPU
skips dropped); the op (a `jax.jit`) is lowered for TPU instead of run and the result check is gone.

Mutation: called with axis 'z', which the mesh ('x', 'y') lacks.
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


def test_all_gather_2d_mesh(is_vmem, shape, dtype,
                            axis_name):
  memory_space = pltpu.VMEM if is_vmem else pl.ANY
  mesh_shape = (2, jax.device_count() // 2)
  mesh = jax.sharding.Mesh(
      mesh_utils.create_device_mesh(mesh_shape, jax.devices()), ["x", "y"]
  )
  if axis_name == "x":
    sharding = jax.sharding.NamedSharding(mesh, P("x", None))
  else:
    sharding = jax.sharding.NamedSharding(mesh, P("y", None))
  leading, *rest = shape
  shape = (mesh.shape[axis_name] * leading, *rest)
  x = random.normal(random.key(0), shape, dtype=jnp.float32).astype(dtype)
  x_sharded = jax.device_put(x, sharding)
  y = all_gather.all_gather.trace(x_sharded, mesh=mesh, axis_name=axis_name,
                                  memory_space=memory_space).lower(lowering_platforms=("tpu",))


test_all_gather_2d_mesh(True, (128, 128), jnp.float32, "z")
