import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import collectives


def ffn(x, w_in, w_out, *, axis_size):
  h = jax.nn.gelu(collectives.allgather_matmul(x, w_in, axis_size=axis_size))
  return lax.psum(h @ w_out, "x")


def main():
  mesh = Mesh(np.array(jax.devices()), ("x",))
  n = mesh.shape["x"]
  step = functools.partial(ffn, axis_size=n)
  specs = (P("x", None), P(None, "x"), P("x", None))
  step = jax.jit(step, in_shardings=tuple(NamedSharding(mesh, s) for s in specs),
                 out_shardings=NamedSharding(mesh, P(None, None)))

  x = jax.ShapeDtypeStruct((256, 512), jnp.bfloat16)
  w_in = jax.ShapeDtypeStruct((512, 1024), jnp.bfloat16)
  w_out = jax.ShapeDtypeStruct((1024, 512), jnp.bfloat16)
  step.trace(x, w_in, w_out).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
