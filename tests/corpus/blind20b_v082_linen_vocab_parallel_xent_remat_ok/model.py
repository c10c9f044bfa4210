import flax.linen as nn


class TrunkBlock(nn.Module):
  width: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(4 * self.width)(nn.LayerNorm()(x))
    return x + nn.Dense(self.width)(nn.gelu(h))


class LM(nn.Module):
  vocab: int          # global vocab for init, local slice under shard_map
  width: int = 128
  depth: int = 2

  @nn.compact
  def __call__(self, x):
    Block = nn.remat(TrunkBlock)
    for i in range(self.depth):
      x = Block(self.width, name=f"block{i}")(x)
    return nn.Dense(self.vocab, name="head")(nn.LayerNorm()(x))
