from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from collective import allgather_matmul


def make_dense(mesh):
  matmul = jax.shard_map(partial(allgather_matmul, axis_name="i"), mesh=mesh,
                         in_specs=(P("i", None), P(None, "i")), out_specs=P(None, "i"))

  @jax.jit
  def dense(x, w, b):
    return jax.nn.silu(matmul(x, w) + b)

  return dense


def main():
  mesh = Mesh(np.array(jax.devices()), ("i",))
  dense = make_dense(mesh)
  x = jax.ShapeDtypeStruct((64, 512), jnp.float32, sharding=NamedSharding(mesh, P("i", None)))
  w = jax.ShapeDtypeStruct((512, 1024), jnp.float32, sharding=NamedSharding(mesh, P(None, "i")))
  b = jax.ShapeDtypeStruct((1024,), jnp.float32, sharding=NamedSharding(mesh, P("i")))
  dense.trace(x, w, b).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
