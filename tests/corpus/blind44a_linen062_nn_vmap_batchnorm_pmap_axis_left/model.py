import jax
import flax.linen as nn


class Member(nn.Module):
  features: int = 64

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Dense(self.features)(x)
    x = nn.BatchNorm(use_running_average=not train, momentum=0.9, axis_name='batch')(x)
    x = nn.relu(x)
    logits = nn.Dense(10)(x)
    return logits, jax.lax.pmean(logits, 'ensemble')


class Ensemble(nn.Module):
  size: int = 4

  @nn.compact
  def __call__(self, x, train: bool = True):
    VmapMember = nn.vmap(
        Member,
        variable_axes={'params': 0, 'batch_stats': 0},
        split_rngs={'params': True},
        in_axes=(None, None),
        out_axes=0,
        axis_size=self.size,
        axis_name='ensemble',
    )
    logits, mean_logits = VmapMember(name='members')(x, train)
    return logits, mean_logits[0]
