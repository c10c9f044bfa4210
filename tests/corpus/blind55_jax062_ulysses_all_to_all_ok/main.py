import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.lax import all_to_all
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

SP = "seq"
NUM_HEADS = 8
HEAD_DIM = 16


def attention(q, k, v):
  # [B, S/n, H, D] -> [B, S, H/n, D]
  q, k, v = (all_to_all(t, SP, split_axis=2, concat_axis=1, tiled=True) for t in (q, k, v))
  s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(q.shape[-1]).astype(q.dtype)
  p = jax.nn.softmax(s.astype(jnp.float32), axis=-1).astype(q.dtype)
  o = jnp.einsum("bhqk,bkhd->bqhd", p, v)
  return all_to_all(o, SP, split_axis=1, concat_axis=2, tiled=True)


def main():
  mesh = Mesh(np.array(jax.devices()), (SP,))
  spec = P(None, SP, None, None)
  attn = jax.jit(shard_map(attention, mesh=mesh, in_specs=(spec, spec, spec), out_specs=spec))
  shape = jax.ShapeDtypeStruct((2, 128, NUM_HEADS, HEAD_DIM), jnp.bfloat16,
                               sharding=NamedSharding(mesh, spec))
  attn.trace(shape, shape, shape).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
