import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

import collectives


def ffn(x, w_in, w_out, *, axis_size):
  h = jax.nn.gelu(collectives.allgather_matmul(x, w_in, axis_size=axis_size))
  return lax.psum(h @ w_out, "x")


def main():
  mesh = Mesh(np.array(jax.devices()), ("x",))
  n = mesh.shape["x"]
  step = functools.partial(ffn, axis_size=n)
  specs = (P("x", None), P(None, "x"), P("x", None))
  step = jax.jit(shard_map(step, mesh=mesh, in_specs=specs,
                           out_specs=P(None, None), check_rep=False))

  x = jax.ShapeDtypeStruct((256, 512), jnp.bfloat16)
  w_in = jax.ShapeDtypeStruct((512, 1024), jnp.bfloat16)
  w_out = jax.ShapeDtypeStruct((1024, 512), jnp.bfloat16)
  step.trace(x, w_in, w_out).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
