"""model.apply(..., method=Tagger.encode): the encoder offsets positions by axis_index('data');
run under jax.shard_map."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ('data',))


class Tagger(nn.Module):
  vocab: int = 100
  dim: int = 16

  @nn.compact
  def __call__(self, tokens):
    return nn.Dense(self.vocab)(self.encode(tokens))

  @nn.compact
  def encode(self, tokens):
    emb = nn.Embed(self.vocab, self.dim, name='embed')(tokens)
    # Position offsets continue across the sequence shards.
    offset = jax.lax.axis_index('data') * tokens.shape[0]
    pos = nn.Embed(4 * 64, self.dim, name='pos')(offset + jnp.arange(tokens.shape[0]))
    return emb + pos


model = Tagger()
tokens = jnp.zeros((64,), jnp.int32)


variables = jax.jit(jax.shard_map(lambda k, t: model.init(k, t, method=Tagger.encode), mesh=mesh,
                                  in_specs=(P(), P('data')), out_specs=P()))


@jax.jit
def encode(variables, tokens):
  return jax.shard_map(lambda v, t: model.apply(v, t, method=Tagger.encode), mesh=mesh,
                       in_specs=(P(), P('data')), out_specs=P('data'))(variables, tokens)


abstract = jax.eval_shape(variables, jax.random.key(0), tokens)
encode.trace(abstract, tokens).lower(lowering_platforms=("cuda",))
