import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from attention import sp_causal_attention


def attention_block(x, wqkv, wo):
  b, s, d = x.shape
  qkv = jnp.einsum("bsd,df->bsf", x, wqkv).reshape(b, s, 3, 4, d // 4)
  q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
  o = sp_causal_attention(q, k, v).reshape(b, s, d)
  return x + o @ wo


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("dp", "sp"))
act = P("dp", "sp", None)
attention_block = jax.shard_map(attention_block, mesh=mesh, in_specs=(act, P(), P()),
                                out_specs=act)
attention_block = jax.jit(attention_block)

if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((8, 256, 128), jnp.bfloat16)
  wqkv = jax.ShapeDtypeStruct((128, 384), jnp.bfloat16)
  wo = jax.ShapeDtypeStruct((128, 128), jnp.bfloat16)
  attention_block.trace(x, wqkv, wo).lower(lowering_platforms=("tpu",))
