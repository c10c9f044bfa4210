import flax.linen as nn
import jax.numpy as jnp

from . import config


class MLPHead(nn.Module):
  hidden: int
  out: int

  @nn.compact
  def __call__(self, x, train: bool):
    x = nn.Dense(self.hidden)(x)
    x = nn.BatchNorm(use_running_average=not train, momentum=config.BN_DECAY,
                     axis_name=config.BN_AXIS)(x)
    return nn.Dense(self.out)(nn.relu(x))


class Encoder(nn.Module):
  @nn.compact
  def __call__(self, x, train: bool):
    for feats in (32, 64):
      x = nn.Conv(feats, (3, 3), strides=(2, 2), use_bias=False)(x)
      x = nn.BatchNorm(use_running_average=not train, momentum=config.BN_DECAY,
                       axis_name=config.BN_AXIS)(x)
      x = nn.relu(x)
    return jnp.mean(x, axis=(1, 2))


class BYOLNetwork(nn.Module):
  proj_dim: int = 64

  def setup(self):
    self.encoder = Encoder()
    self.projector = MLPHead(128, self.proj_dim)
    self.predictor = MLPHead(128, self.proj_dim)

  def __call__(self, x, train: bool = True):
    z = self.projector(self.encoder(x, train), train)
    return z, self.predictor(z, train)
