import flax.linen as nn
import jax.numpy as jnp

from .kernels import right_permute


class ShiftedMix(nn.Module):
  """Dense projection mixed with the projection of the left neighbour's shard."""
  features: int
  axis_name: str = "x"
  num_devices: int = 4

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.features, use_bias=False, name="proj")(x)
    gate = self.param("gate", nn.initializers.zeros, (self.features,))
    if self.is_initializing():
      # Parameter shapes do not depend on the neighbour exchange.
      neighbour = h
    else:
      neighbour = right_permute(h, axis_name=self.axis_name,
                                num_devices=self.num_devices)
    return h + jnp.tanh(gate) * neighbour
