import flax.linen as nn
import jax.numpy as jnp


class Trunk(nn.Module):
  widths: tuple = (32, 64)

  @nn.compact
  def __call__(self, x, train: bool):
    for w in self.widths:
      x = nn.Conv(w, (3, 3), strides=(2, 2), use_bias=False)(x)
      x = nn.BatchNorm(use_running_average=not train, momentum=0.9, axis_name='data')(x)
      x = nn.relu(x)
    return jnp.mean(x, axis=(1, 2))
