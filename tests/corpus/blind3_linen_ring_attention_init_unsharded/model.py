import flax.linen as nn

from ring import ring_attention_local


class RingSelfAttention(nn.Module):
  num_heads: int
  head_dim: int
  seq_axis: str
  seq_shards: int

  @nn.compact
  def __call__(self, x):
    qkv = nn.DenseGeneral((3, self.num_heads, self.head_dim), name='qkv')(x)
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    out = ring_attention_local(q, k, v, self.seq_axis, self.seq_shards)
    return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), name='out')(out)
