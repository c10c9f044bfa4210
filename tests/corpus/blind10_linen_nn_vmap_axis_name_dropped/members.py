import flax.linen as nn
import jax


class QHead(nn.Module):
  """One critic of a REDQ-style critic ensemble; Q-values are centred on the ensemble mean."""
  hidden: int = 64
  ensemble_axis: str = 'critics'

  @nn.compact
  def __call__(self, obs, act):
    h = jax.numpy.concatenate([obs, act], axis=-1)
    h = nn.relu(nn.Dense(self.hidden)(h))
    h = nn.relu(nn.Dense(self.hidden)(h))
    q = nn.Dense(1)(h)[..., 0]
    return q - jax.lax.pmean(q, self.ensemble_axis)
