import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

import kernels
import mesh_lib
from comm_config import CommConfig


def main():
  mesh = mesh_lib.build_mesh(num_replicas=2)
  cfg = CommConfig(ring_axis=mesh_lib.RING_AXIS, mesh_axes=tuple(mesh.axis_names))

  step = jax.shard_map(
      functools.partial(kernels.smooth, cfg=cfg),
      mesh=mesh,
      in_specs=P(mesh_lib.REPLICA_AXIS, mesh_lib.RING_AXIS),
      out_specs=P(mesh_lib.REPLICA_AXIS, mesh_lib.RING_AXIS),
      check_vma=False,
  )
  step = jax.jit(step)

  x = jax.ShapeDtypeStruct((16, 1024), jnp.float32)
  step.trace(x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
