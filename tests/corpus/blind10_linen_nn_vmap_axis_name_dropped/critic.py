import flax.linen as nn

from members import QHead


class CriticEnsemble(nn.Module):
  num_critics: int = 4

  @nn.compact
  def __call__(self, obs, act):
    ens = nn.vmap(QHead, variable_axes={'params': 0}, split_rngs={'params': True},
                  in_axes=None, out_axes=0, axis_size=self.num_critics)
    return ens()(obs, act)
