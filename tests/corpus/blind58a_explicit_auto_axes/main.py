from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P, auto_axes, explicit_axes, reshard

mesh = jax.make_mesh((2, 2), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))


@auto_axes
def flatten_tokens(x):
  # let the compiler decide how to lay out the merged (batch*seq) dim
  return x.reshape(-1, x.shape[-1]) * 2


@jax.jit
def f(arr1):
  x = jnp.sin(arr1)
  z = flatten_tokens(x, out_sharding=P("X", None))
  return z + 1


auto_mesh = jax.make_mesh((2, 2), ("X", "Y"), axis_types=(AxisType.Auto, AxisType.Auto))


@partial(explicit_axes, axes=("X", "Y"))
def explicit_g(y):
  print(f"explicit_g: {jax.typeof(y)}")
  return y * 2


@jax.jit
def g(arr1):
  x = jnp.sin(arr1)
  z = explicit_g(x, in_sharding=P("X", "Y"))
  return z + 1


def main():
  with jax.set_mesh(mesh):
    arr = jax.device_put(jnp.ones((4, 8, 16)), P("X", "Y", None))
    f.trace(arr).lower(lowering_platforms=("tpu",))
  with jax.set_mesh(auto_mesh):
    arr2 = jnp.ones((8, 16))
    g.trace(arr2).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
