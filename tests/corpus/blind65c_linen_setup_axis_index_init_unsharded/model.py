import flax.linen as nn
from jax.lax import pmean as all_mean

from layers import SeqParallelPosEmbed


class SeqClassifier(nn.Module):
  max_len: int
  d_model: int
  num_classes: int
  seq_axis: str = "seq"

  def setup(self):
    self.inp = nn.Dense(self.d_model)
    self.pos = SeqParallelPosEmbed(self.max_len, self.d_model, seq_axis=self.seq_axis)
    self.mlp = nn.Sequential([nn.LayerNorm(), nn.Dense(4 * self.d_model), nn.gelu,
                              nn.Dense(self.d_model)])
    self.head = nn.Dense(self.num_classes)

  def __call__(self, x):
    h = self.pos(self.inp(x))
    h = h + self.mlp(h)
    pooled = all_mean(h.mean(axis=1), self.seq_axis)
    return self.head(pooled)
