import flax.linen as nn
import jax


class Member(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    logits = nn.Dense(self.features)(nn.relu(nn.Dense(32)(x)))
    return logits, jax.lax.pmean(logits, 'ensemble')


class Ensemble(nn.Module):
  size: int
  features: int

  @nn.compact
  def __call__(self, x):
    VM = nn.vmap(Member, variable_axes={'params': 0}, split_rngs={'params': True},
                 in_axes=None, out_axes=0, axis_size=self.size, axis_name='ensemble')
    each, mean = VM(self.features)(x)
    return each, mean[0]
