from flax import nnx

from .layers import MlpBlock, PatchEmbed


class EncoderBlock(nnx.Module):

  def __init__(self, dim: int, heads: int, *, rngs: nnx.Rngs):
    self.ln1 = nnx.LayerNorm(dim, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(heads, dim, decode=False, rngs=rngs)
    self.ln2 = nnx.LayerNorm(dim, rngs=rngs)
    self.mlp = MlpBlock(dim, 4 * dim, rngs=rngs)

  def __call__(self, x):
    x = x + self.attn(self.ln1(x))
    return x + self.mlp(self.ln2(x))


class ViT(nnx.Module):

  def __init__(self, num_classes=10, patch=4, dim=128, heads=4, *, rngs: nnx.Rngs):
    self.embed = PatchEmbed(patch, 3, dim, rngs=rngs)
    self.block = EncoderBlock(dim, heads, rngs=rngs)
    self.ln = nnx.LayerNorm(dim, rngs=rngs)
    self.head = nnx.Linear(dim, num_classes, rngs=rngs)

  def __call__(self, images):
    x = self.block(self.embed(images))
    return self.head(self.ln(x).mean(axis=1))
