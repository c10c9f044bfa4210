import flax.linen as nn
import jax
import jax.numpy as jnp


class MlpBlock(nn.Module):
  hidden: int
  out: int
  batch_axis: object = 'batch'

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden,
                 kernel_init=nn.with_logical_partitioning(
                     nn.initializers.lecun_normal(), ('embed', 'mlp')))(x)
    h = nn.relu(h)
    h = nn.with_logical_constraint(h, (self.batch_axis, 'mlp'))
    return nn.Dense(self.out,
                    kernel_init=nn.with_logical_partitioning(
                        nn.initializers.lecun_normal(), ('mlp', 'embed')))(h)
