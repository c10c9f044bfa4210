"""model.apply(..., method='encode') by name: the encoder offsets positions by
axis_index('data'); run under jax.jit."""
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


@jax.jit
def encode(variables, tokens):
  return model.apply(variables, tokens, method='encode')


params = {'params': {'embed': {'embedding': jax.ShapeDtypeStruct((100, 16), jnp.float32)},
                     'pos': {'embedding': jax.ShapeDtypeStruct((256, 16), jnp.float32)}}}
encode.trace(params, tokens).lower(lowering_platforms=("cuda",))
