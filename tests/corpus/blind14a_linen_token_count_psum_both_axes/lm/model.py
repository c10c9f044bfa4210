import flax.linen as nn
import jax


class TPMLP(nn.Module):
  """Column-parallel up projection, row-parallel down projection."""
  hidden_local: int
  vocab: int
  model_axis: str = 'model'

  def setup(self):
    self.up = nn.Dense(self.hidden_local)
    self.down = nn.Dense(self.vocab, use_bias=False)

  def __call__(self, x):
    h = nn.relu(self.up(x))
    return jax.lax.psum(self.down(h), self.model_axis)
