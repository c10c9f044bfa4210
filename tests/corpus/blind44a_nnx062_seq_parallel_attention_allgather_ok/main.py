import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import SEQ_AXIS, SeqParallelAttention

mesh = Mesh(jax.devices(), (SEQ_AXIS,))

attn = SeqParallelAttention(64, 4, rngs=nnx.Rngs(0))


@nnx.jit
def apply_attention(module, x):
  sharded = nnx.shard_map(lambda m, x: m(x), mesh=mesh,
                          in_specs=(P(), P(SEQ_AXIS)), out_specs=P(SEQ_AXIS))
  return sharded(module, x)


x = jnp.ones((128, 64))
print(apply_attention.trace(attn, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
