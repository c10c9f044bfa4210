import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from ring import ring_all_gather


def gathered_logits(emb_block, w):
  # Every device ends up with all of the embedding rows, so the result is replicated.
  full = ring_all_gather(emb_block, "x", 4)
  return full @ w


def build(mesh):
  f = jax.shard_map(gathered_logits, mesh=mesh, in_specs=(P("x", None), P()),
                    out_specs=P())
  return jax.jit(f)


if __name__ == "__main__":
  mesh = jax.make_mesh((4,), ("x",), axis_types=(AxisType.Auto,))
  step = build(mesh)
  emb = jax.ShapeDtypeStruct((128, 64), jnp.float32)
  w = jax.ShapeDtypeStruct((64, 256), jnp.float32)
  step.trace(emb, w).lower(lowering_platforms=("tpu",))
