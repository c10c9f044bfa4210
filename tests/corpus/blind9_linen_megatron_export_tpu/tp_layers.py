import flax.linen as nn
import jax

from sharding_rules import TP


class TPMlp(nn.Module):
  """Megatron MLP written for manual (shard_map) tensor parallelism."""
  d_ff: int

  @nn.compact
  def __call__(self, x):
    d = x.shape[-1]
    d_ff = self.d_ff if self.is_initializing() else self.d_ff // jax.lax.axis_size(TP)
    init = nn.initializers.lecun_normal()
    wi = self.param('wi', nn.with_logical_partitioning(init, ('embed', 'mlp')), (d, d_ff))
    wo = self.param('wo', nn.with_logical_partitioning(init, ('mlp', 'embed')), (d_ff, d))
    h = nn.relu(x @ wi)
    if self.is_initializing():
      return h @ wo
    # 'mlp' is a logical name; the reduction runs over the physical mesh axis it maps to
    return jax.lax.psum(h @ wo, TP)
