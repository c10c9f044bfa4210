import flax.linen as nn
import jax.numpy as jnp


class PerExampleNet(nn.Module):
  """Written for a single example; batch statistics are shared over the
  vmapped 'batch' axis through BatchNorm(axis_name=...)."""

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Dense(32)(x)
    x = nn.BatchNorm(use_running_average=not train, axis_name='batch')(x)
    return nn.Dense(4)(nn.relu(x))


BatchedNet = nn.vmap(
    PerExampleNet,
    in_axes=(0, None),
    variable_axes={'params': None, 'batch_stats': None},
    split_rngs={'params': False},
)
