import functools
from typing import Any, Callable, Sequence

import flax.linen as fnn
import jax.numpy as jnp

ModuleDef = Any


class ConvBlock(fnn.Module):
  features: int
  norm: ModuleDef

  @fnn.compact
  def __call__(self, x, train: bool):
    x = fnn.Conv(self.features, (3, 3), use_bias=False)(x)
    x = self.norm(use_running_average=not train)(x)
    return fnn.relu(x)


class TinyResNet(fnn.Module):
  widths: Sequence[int]
  num_classes: int
  norm: ModuleDef = fnn.BatchNorm

  @fnn.compact
  def __call__(self, x, train: bool = True):
    for w in self.widths:
      x = ConvBlock(w, self.norm)(x, train)
      x = fnn.avg_pool(x, (2, 2), strides=(2, 2))
    x = jnp.mean(x, axis=(1, 2))
    return fnn.Dense(self.num_classes)(x)


_MODELS: dict[str, Callable[..., fnn.Module]] = {
    "resnet_tiny": TinyResNet,
}


def build_model(model_cfg) -> fnn.Module:
  norm = functools.partial(
      fnn.BatchNorm,
      momentum=model_cfg.bn_momentum,
      epsilon=1e-5,
      axis_name=model_cfg.bn_axis,
  )
  return _MODELS[model_cfg.name](
      widths=model_cfg.widths, num_classes=model_cfg.num_classes, norm=norm)
