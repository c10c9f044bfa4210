from typing import Optional

import flax.linen as nn
import jax.numpy as jnp


class ConvNet(nn.Module):
  num_classes: int
  bn_axis_name: Optional[str] = None  # set to the data-parallel axis for synced statistics

  def setup(self):
    self.conv1 = nn.Conv(32, (3, 3), use_bias=False)
    self.bn1 = nn.BatchNorm(momentum=0.9, axis_name=self.bn_axis_name)
    self.conv2 = nn.Conv(64, (3, 3), strides=(2, 2), use_bias=False)
    self.bn2 = nn.BatchNorm(momentum=0.9, axis_name=self.bn_axis_name)
    self.head = nn.Dense(self.num_classes)

  def __call__(self, x, train: bool = True):
    x = nn.relu(self.bn1(self.conv1(x), use_running_average=not train))
    x = nn.relu(self.bn2(self.conv2(x), use_running_average=not train))
    return self.head(jnp.mean(x, axis=(1, 2)))
