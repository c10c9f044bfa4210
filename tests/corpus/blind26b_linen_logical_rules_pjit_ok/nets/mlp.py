import flax.linen as nn
import jax


class DotReluDot(nn.Module):
  depth: int

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(
        self.depth,
        kernel_init=nn.with_logical_partitioning(
            nn.initializers.xavier_normal(), ('embed', 'hidden')),
        use_bias=False)(x)
    y = jax.nn.relu(y)
    y = nn.with_logical_constraint(y, ('batch', 'hidden'))
    w2 = self.param(
        'W2',
        nn.with_logical_partitioning(nn.initializers.xavier_normal(),
                                     ('hidden', 'embed')),
        (self.depth, x.shape[-1]))
    return y @ w2


class MLP(nn.Module):
  num_layers: int
  depth: int

  @nn.compact
  def __call__(self, x):
    for i in range(self.num_layers):
      x = DotReluDot(self.depth, name=f'block_{i}')(x)
      x = nn.with_logical_constraint(x, ('batch', 'embed'))
    return x
