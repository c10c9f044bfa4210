import flax.linen as nn
import jax


class TPBlock(nn.Module):
  """Column-parallel up-projection, LayerNorm over the sharded hidden dim, row-parallel down."""
  hidden_per_shard: int
  out: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden_per_shard, use_bias=False, name="up")(x)
    h = nn.LayerNorm(axis_name="model", name="ln")(h)
    y = nn.Dense(self.out, use_bias=False, name="down")(nn.gelu(h))
    return jax.lax.psum(y, "model")
