import flax.linen as nn
import jax.numpy as jnp

from member import Member


class DeepEnsemble(nn.Module):
  size: int
  hidden: int
  num_classes: int

  @nn.compact
  def __call__(self, x):
    members = nn.vmap(
        Member,
        variable_axes={'params': 0},
        split_rngs={'params': True},
        in_axes=None,
        out_axes=0,
        axis_size=self.size,
        axis_name='member',
    )(self.hidden, self.num_classes, name='members')
    logits, mean_logits = members(x)
    # diversity term: how far each member is from the ensemble consensus
    disagreement = jnp.mean((logits - mean_logits) ** 2)
    return mean_logits[0], disagreement
