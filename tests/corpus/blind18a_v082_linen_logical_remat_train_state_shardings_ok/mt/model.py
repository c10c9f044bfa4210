import flax.linen as nn


class Block(nn.Module):
  depth: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.depth * 4, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.xavier_normal(), ('embed', 'mlp')))(x)
    h = nn.with_logical_constraint(nn.gelu(h), ('batch', 'mlp'))
    h = nn.Dense(self.depth, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.xavier_normal(), ('mlp', 'embed')))(h)
    return nn.with_logical_constraint(x + h, ('batch', 'embed'))


class Tower(nn.Module):
  depth: int
  layers: int

  @nn.compact
  def __call__(self, x):
    RematBlock = nn.remat(Block)
    for i in range(self.layers):
      x = RematBlock(self.depth, name=f'block_{i}')(x)
    return x
