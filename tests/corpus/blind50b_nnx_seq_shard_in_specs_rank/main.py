import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from embed import SeqShardedEmbed, SEQ_AXIS

ACT_SPEC = P(None, SEQ_AXIS, None)   # (batch, seq, dim)

mesh = Mesh(jax.devices(), (SEQ_AXIS,))
model = SeqShardedEmbed(1000, 512, 64, rngs=nnx.Rngs(0))

sharded_embed = nnx.shard_map(
    lambda m, t: m(t), mesh=mesh,
    in_specs=(P(None), ACT_SPEC), out_specs=ACT_SPEC)


@nnx.jit
def embed_and_norm(model, tokens):
  h = sharded_embed(model, tokens)
  return h / (jnp.linalg.norm(h, axis=-1, keepdims=True) + 1e-6)


tokens = jnp.zeros((2, 512), dtype=jnp.int32)
print(embed_and_norm.trace(model, tokens).lower(lowering_platforms=('cuda',)).as_text()[:40])
