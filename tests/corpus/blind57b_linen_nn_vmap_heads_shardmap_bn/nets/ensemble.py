import flax.linen as nn

from .trunk import Trunk


class Head(nn.Module):
  num_classes: int

  @nn.compact
  def __call__(self, feats):
    return nn.Dense(self.num_classes)(nn.relu(nn.Dense(64)(feats)))


class MultiHeadNet(nn.Module):
  num_heads: int = 4
  num_classes: int = 10

  @nn.compact
  def __call__(self, x, train: bool = True):
    feats = Trunk()(x, train)
    Heads = nn.vmap(Head, variable_axes={'params': 0}, split_rngs={'params': True},
                    in_axes=None, out_axes=0, axis_size=self.num_heads)
    logits = Heads(self.num_classes)(feats)
    return logits, logits.mean(axis=0)
