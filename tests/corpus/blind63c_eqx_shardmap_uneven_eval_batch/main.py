from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

from classifier import Classifier, xent

# the held-out split has 1000 examples; evaluated in 4 chunks
EVAL_CHUNK = 1000 // 4
DATA_AXES = ("data", "model")  # pure data parallel over every device


def build_eval(static, mesh):
  @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(DATA_AXES), P(DATA_AXES)), out_specs=P())
  def eval_chunk(params, x, labels):
    model = eqx.combine(params, static)
    loss = xent(model, x, labels)
    return lax.pmean(loss, DATA_AXES)

  return eval_chunk


def main():
  mesh = jax.make_mesh((2, 2), ("data", "model"))
  model = Classifier(32, 10, key=jax.random.key(1))
  params, static = eqx.partition(model, eqx.is_array)
  eval_chunk = jax.jit(build_eval(static, mesh))
  x = jax.ShapeDtypeStruct((EVAL_CHUNK, 32), jnp.float32)
  labels = jax.ShapeDtypeStruct((EVAL_CHUNK,), jnp.int32)
  eval_chunk.trace(params, x, labels).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
