import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from embed import SeqShardedEmbed, SEQ_AXIS

mesh = Mesh(jax.devices(), (SEQ_AXIS,))
model = SeqShardedEmbed(1000, 512, 64, rngs=nnx.Rngs(0))


@nnx.jit
def embed(model, tokens):
  @nnx.shard_map(mesh=mesh, in_specs=(P(None), P(None, SEQ_AXIS)),
                 out_specs=P(None, SEQ_AXIS, None))
  def f(model, tokens):
    return model(tokens)
  return f(model, tokens)


tokens = jnp.zeros((2, 512), dtype=jnp.int32)
print(embed.trace(model, tokens).lower(lowering_platforms=('cuda',)).as_text()[:40])
