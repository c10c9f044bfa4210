import functools

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

SP = "seq"
NUM_HEADS = 6
HEAD_DIM = 16


def seq_to_heads(x):
  # [B, S/n, H, D] -> [B, S, H/n, D]
  return jax.lax.all_to_all(x, SP, split_axis=2, concat_axis=1, tiled=True)


def heads_to_seq(x):
  # [B, S, H/n, D] -> [B, S/n, H, D]
  return jax.lax.all_to_all(x, SP, split_axis=1, concat_axis=2, tiled=True)


def attention(q, k, v):
  q, k, v = map(seq_to_heads, (q, k, v))
  s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(q.shape[-1]).astype(q.dtype)
  p = jax.nn.softmax(s.astype(jnp.float32), axis=-1).astype(q.dtype)
  o = jnp.einsum("bhqk,bkhd->bqhd", p, v)
  return heads_to_seq(o)


def main():
  mesh = jax.make_mesh((4,), (SP,), axis_types=(AxisType.Auto,))
  spec = P(None, SP, None, None)
  attn = jax.jit(jax.shard_map(attention, mesh=mesh, in_specs=(spec, spec, spec), out_specs=spec))
  shape = jax.ShapeDtypeStruct((2, 128, NUM_HEADS, HEAD_DIM), jnp.bfloat16,
                               sharding=NamedSharding(mesh, spec))
  attn.trace(shape, shape, shape).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
