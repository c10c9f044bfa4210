from flax import linen as nn
import jax.numpy as jnp

kernel_init = nn.initializers.xavier_uniform()


class FFNStack(nn.Module):
  depth: int = 3
  d_ff: int = 2048

  @nn.compact
  def __call__(self, x):
    for i in range(self.depth):
      h = nn.Dense(self.d_ff, kernel_init=nn.with_partitioning(kernel_init, ('data', 'model')),
                   name=f'up_{i}')(x)
      x = x + nn.Dense(x.shape[-1], kernel_init=nn.with_partitioning(kernel_init, ('model', 'data')),
                       name=f'down_{i}')(nn.relu(h))
    return x
