import functools

import jax
import jax.numpy as jnp
from jax.sharding import AxisType

from ringops.layers import shifted_residual


def main():
  mesh = jax.make_mesh((4,), ("seq",), axis_types=(AxisType.Auto,))
  step = jax.jit(functools.partial(shifted_residual, mesh=mesh))
  x = jax.ShapeDtypeStruct((64, 128), jnp.float32)
  w = jax.ShapeDtypeStruct((128, 128), jnp.float32)
  step.trace(x, w).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
