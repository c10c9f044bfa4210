import flax.linen as nn
import jax.numpy as jnp


class ElmanCell(nn.Module):
  features: int
  dtype: jnp.dtype = jnp.bfloat16   # compute dtype; params stay float32

  @nn.compact
  def __call__(self, h, x):
    gate = nn.Dense(self.features, dtype=self.dtype, name='gate')(jnp.concatenate([x, h], axis=-1))
    cand = nn.Dense(self.features, dtype=self.dtype, name='cand')(jnp.concatenate([x, h], axis=-1))
    h = nn.tanh(cand) * nn.sigmoid(gate)
    return h, h

  def initialize_carry(self, batch):
    return jnp.zeros((batch, self.features), jnp.float32)
