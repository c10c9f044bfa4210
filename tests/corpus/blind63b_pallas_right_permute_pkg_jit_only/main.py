import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from ringops.layers import shifted_residual


def main():
  mesh = jax.make_mesh((4,), ("seq",), axis_types=(AxisType.Auto,))
  seq_sharded = NamedSharding(mesh, P("seq"))
  replicated = NamedSharding(mesh, P())
  step = jax.jit(shifted_residual, in_shardings=(seq_sharded, replicated),
                 out_shardings=seq_sharded)
  x = jax.ShapeDtypeStruct((64, 128), jnp.float32)
  w = jax.ShapeDtypeStruct((128, 128), jnp.float32)
  step.trace(x, w).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
