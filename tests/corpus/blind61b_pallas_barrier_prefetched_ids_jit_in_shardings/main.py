import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from ring_ops import make_ring_shift

N = 4
mesh = jax.make_mesh((N,), ("devices",))
by_device = NamedSharding(mesh, P("devices"))


def pipeline_stage(device_ids, activations):
  shift = make_ring_shift(activations.shape, activations.dtype, N)
  received = shift(device_ids, activations)
  return jnp.maximum(received, 0.0)


stage = jax.jit(pipeline_stage, in_shardings=(by_device, by_device),
                out_shardings=by_device)


def main():
  ids = jax.ShapeDtypeStruct((N,), jnp.int32, sharding=by_device)
  acts = jax.ShapeDtypeStruct((N * 8, 128), jnp.float32, sharding=by_device)
  stage.trace(ids, acts).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
