import flax.linen as nn
from jax import lax

TP = "model"


class Block(nn.Module):
  dim: int
  hidden_per_shard: int

  @nn.compact
  def __call__(self, x, _):
    h = nn.LayerNorm()(x)
    h = nn.gelu(nn.Dense(self.hidden_per_shard)(h))
    h = lax.psum(nn.Dense(self.dim, use_bias=False)(h), TP)
    return x + h, None


class Decoder(nn.Module):
  dim: int = 64
  hidden_per_shard: int = 128
  layers: int = 4

  @nn.compact
  def __call__(self, x):
    Stack = nn.scan(nn.remat(Block), variable_axes={"params": 0}, split_rngs={"params": True},
                    length=self.layers)
    x, _ = Stack(self.dim, self.hidden_per_shard)(x, None)
    return nn.Dense(self.dim)(x)
