from flax import nnx


class EncoderLayer(nnx.Module):
  def __init__(self, dim, heads, *, rngs: nnx.Rngs):
    self.ln1 = nnx.LayerNorm(dim, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(num_heads=heads, in_features=dim, decode=False, rngs=rngs)
    self.ln2 = nnx.LayerNorm(dim, rngs=rngs)
    self.ff = nnx.Linear(dim, dim, rngs=rngs)

  def __call__(self, x, mask=None):
    x = x + self.attn(self.ln1(x), mask=mask)
    return x + self.ff(nnx.gelu(self.ln2(x)))
