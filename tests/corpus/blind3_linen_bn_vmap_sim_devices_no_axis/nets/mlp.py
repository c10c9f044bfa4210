from typing import Sequence

import flax.linen as nn

from .norms import SyncBatchNorm


class BNMLP(nn.Module):
  features: Sequence[int] = (16, 16)
  num_classes: int = 4
  sync_axis: str | None = None

  @nn.compact
  def __call__(self, x, train: bool):
    for i, feat in enumerate(self.features):
      x = nn.Dense(feat, name=f'dense_{i}')(x)
      x = SyncBatchNorm(axis_name=self.sync_axis, name=f'bn_{i}')(x, train)
      x = nn.gelu(x)
    return nn.Dense(self.num_classes, name='head')(x)
