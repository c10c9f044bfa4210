import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

VOCAB, D, NDEV = 1024, 64, 4


class VocabParallelEmbed(nnx.Module):
  def __init__(self, vocab, d, *, rngs):
    self.embedding = nnx.Param(jax.random.normal(rngs.params(), (vocab, d)) * 0.02)

  def lookup(self, tokens):
    shard_rows = self.embedding.shape[0]
    start = jax.lax.axis_index("vocab") * shard_rows
    local = tokens - start
    in_range = (local >= 0) & (local < shard_rows)
    rows = jnp.take(self.embedding[...], jnp.clip(local, 0, shard_rows - 1), axis=0)
    rows = jnp.where(in_range[..., None], rows, 0.0)
    return jax.lax.psum(rows, "vocab")


mesh = jax.make_mesh((NDEV,), ("vocab",))
embed = VocabParallelEmbed(VOCAB, D, rngs=nnx.Rngs(0))


@nnx.jit
def embed_tokens(embed, tokens):
  # the module's only variable is the table: shard its rows over 'vocab'
  f = nnx.shard_map(lambda m, t: m.lookup(t), mesh=mesh,
                    in_specs=(P("vocab", None), P()), out_specs=P())
  return f(embed, tokens)


if __name__ == "__main__":
  state = jax.device_put(nnx.state(embed), jax.NamedSharding(mesh, P("vocab", None)))
  nnx.update(embed, state)
  tokens = jax.device_put(jnp.zeros((4, 32), jnp.int32), jax.NamedSharding(mesh, P()))
  embed_tokens.trace(embed, tokens).lower(lowering_platforms=("cuda",))
