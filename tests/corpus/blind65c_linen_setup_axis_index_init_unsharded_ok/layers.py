import flax.linen as nn
from jax import lax


class SeqParallelPosEmbed(nn.Module):
  """Adds learned positions; each device holds a contiguous chunk of the sequence."""
  max_len: int
  d_model: int
  seq_axis: str = "seq"

  def setup(self):
    self.pos_embedding = self.param(
        "pos_embedding", nn.initializers.normal(0.02), (self.max_len, self.d_model))
    self.shard_index = lax.axis_index(self.seq_axis)

  def __call__(self, x):
    local_len = x.shape[1]
    pos = lax.dynamic_slice_in_dim(self.pos_embedding, self.shard_index * local_len,
                                   local_len, axis=0)
    return x + pos[None]
