import flax.linen as nn

xavier = nn.initializers.xavier_uniform()


class EncoderBlock(nn.Module):
  num_heads: int
  head_dim: int
  mlp_dim: int

  @nn.compact
  def __call__(self, x):
    y = nn.LayerNorm()(x)
    y = nn.MultiHeadDotProductAttention(
        num_heads=self.num_heads,
        qkv_features=self.num_heads * self.head_dim,
        kernel_init=nn.with_partitioning(xavier, (None, "model", None)),
        out_kernel_init=nn.with_partitioning(xavier, ("model", None, None)),
    )(y, y)
    x = x + y
    y = nn.LayerNorm()(x)
    y = nn.Dense(self.mlp_dim,
                 kernel_init=nn.with_partitioning(xavier, (None, "model")))(y)
    y = nn.Dense(x.shape[-1],
                 kernel_init=nn.with_partitioning(xavier, ("model", None)))(nn.gelu(y))
    return x + y
