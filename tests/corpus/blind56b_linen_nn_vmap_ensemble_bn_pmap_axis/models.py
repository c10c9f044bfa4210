import jax.numpy as jnp
import flax.linen as nn


class Member(nn.Module):
  width: int = 128
  num_classes: int = 10

  @nn.compact
  def __call__(self, x, train: bool):
    norm = lambda: nn.BatchNorm(use_running_average=not train, momentum=0.9, axis_name='batch')
    x = nn.relu(norm()(nn.Dense(self.width)(x)))
    x = nn.relu(norm()(nn.Dense(self.width)(x)))
    return nn.Dense(self.num_classes)(x)


Ensemble = nn.vmap(
    Member,
    variable_axes={'params': 0, 'batch_stats': 0},
    split_rngs={'params': True},
    in_axes=(None, None),
    axis_size=4,
    axis_name='ensemble',
)
