import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class Stage(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(4 * self.features)(nn.LayerNorm()(x))
    return x + nn.Dense(self.features)(nn.gelu(h))


class Tick(nn.Module):
  """One pipeline clock tick: every stage runs once, then hands its output to the next stage."""
  features: int
  num_stages: int
  axis_name: str

  @nn.compact
  def __call__(self, state, mb):
    stage_id = lax.axis_index(self.axis_name)
    x = jnp.where(stage_id == 0, mb, state)
    y = Stage(self.features, name='stage')(x)
    perm = [(i, i + 1) for i in range(self.num_stages - 1)]
    return lax.ppermute(y, self.axis_name, perm), y


class GPipe(nn.Module):
  features: int
  num_stages: int
  axis_name: str = 'stage'

  @nn.compact
  def __call__(self, microbatches):
    num_mb = microbatches.shape[0]
    bubble = jnp.zeros((self.num_stages - 1,) + microbatches.shape[1:], microbatches.dtype)
    stream = jnp.concatenate([microbatches, bubble], axis=0)
    ticks = nn.scan(Tick, variable_broadcast='params', split_rngs={'params': False},
                     in_axes=0, out_axes=0)
    _, ys = ticks(self.features, self.num_stages, self.axis_name, name='ticks')(
        jnp.zeros_like(microbatches[0]), stream)
    return ys[self.num_stages - 1:self.num_stages - 1 + num_mb]
