import jax
import jax.numpy as jnp
from flax import nnx

SEQ_AXIS = 'seq'


class SeqShardedEmbed(nnx.Module):
  def __init__(self, vocab: int, max_len: int, dim: int, *, rngs: nnx.Rngs):
    self.tok = nnx.Embed(vocab, dim, rngs=rngs)
    self.pos = nnx.Embed(max_len, dim, rngs=rngs)

  def __call__(self, tokens):
    # tokens: (batch, local_len) -- this device's slice of the sequence
    local_len = tokens.shape[1]
    offset = jax.lax.axis_index(SEQ_AXIS) * local_len
    positions = offset + jnp.arange(local_len)
    return self.tok(tokens) + self.pos(positions)[None]
