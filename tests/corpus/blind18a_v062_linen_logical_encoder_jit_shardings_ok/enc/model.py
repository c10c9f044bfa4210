import flax.linen as nn
import jax.numpy as jnp


class Encoder(nn.Module):
  features: int
  num_layers: int

  @nn.compact
  def __call__(self, x):
    for i in range(self.num_layers):
      h = nn.Dense(self.features * 2,
                   kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('embed', 'mlp')),
                   name=f'up_{i}')(x)
      h = nn.with_logical_constraint(nn.relu(h), ('batch', 'mlp'))
      x = x + nn.Dense(self.features,
                       kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('mlp', 'embed')),
                       name=f'down_{i}')(h)
    return x
