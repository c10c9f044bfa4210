import flax.linen as nn
import jax
import jax.numpy as jnp


class FSDPBlock(nn.Module):
  """The kernel is stored 1/num_shards per device along its input dim and gathered just in time."""
  features: int
  axis_name: str
  num_shards: int

  @nn.compact
  def __call__(self, x, _):
    shard = self.param('kernel', nn.initializers.lecun_normal(),
                       (self.features // self.num_shards, self.features))
    kernel = jax.lax.all_gather(shard, self.axis_name, axis=0, tiled=True)
    return x + nn.gelu(x @ kernel), None


class ScannedStack(nn.Module):
  features: int
  depth: int
  axis_name: str
  num_shards: int

  @nn.compact
  def __call__(self, x):
    Stack = nn.scan(nn.remat(FSDPBlock, prevent_cse=False), variable_axes={'params': 0},
                    split_rngs={'params': True}, length=self.depth)
    x, _ = Stack(self.features, self.axis_name, self.num_shards, name='layers')(x, None)
    return x
