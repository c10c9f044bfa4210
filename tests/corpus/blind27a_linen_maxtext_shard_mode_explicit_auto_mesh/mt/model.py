import flax.linen as nn
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from mt.sharding import maybe_shard_with_name


class Mlp(nn.Module):
  config: object
  mesh: object

  @nn.compact
  def __call__(self, x):
    cfg = self.config
    h = nn.Dense(cfg["mlp_dim"], use_bias=False)(x)
    h = maybe_shard_with_name(h, NamedSharding(self.mesh, P("data", None, "tensor")),
                              cfg["shard_mode"])
    h = nn.relu(h)
    y = nn.Dense(x.shape[-1], use_bias=False)(h)
    return maybe_shard_with_name(y, NamedSharding(self.mesh, P("data", None, None)),
                                 cfg["shard_mode"])
