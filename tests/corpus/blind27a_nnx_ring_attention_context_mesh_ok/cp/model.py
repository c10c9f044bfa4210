from flax import nnx

from cp.ring_attention import ring_attention


class Attention(nnx.Module):
  def __init__(self, dim, heads, *, rngs):
    self.heads = heads
    self.qkv = nnx.Linear(dim, 3 * dim, use_bias=False, rngs=rngs)
    self.out = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)

  def __call__(self, x):
    b, s, d = x.shape
    q, k, v = self.qkv(x).reshape(b, s, 3, self.heads, d // self.heads).transpose(2, 0, 1, 3, 4)
    o = ring_attention(q, k, v)
    return self.out(o.reshape(b, s, d))
