import jax.numpy as jnp
from flax import nnx


class EncoderBlock(nnx.Module):
  def __init__(self, dim, heads, *, rngs):
    self.ln1 = nnx.LayerNorm(dim, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(num_heads=heads, in_features=dim, decode=False, rngs=rngs)
    self.ln2 = nnx.LayerNorm(dim, rngs=rngs)
    self.fc1 = nnx.Linear(dim, 4 * dim, rngs=rngs)
    self.fc2 = nnx.Linear(4 * dim, dim, rngs=rngs)
    self.drop = nnx.Dropout(0.1, rngs=rngs)

  def __call__(self, x):
    x = x + self.drop(self.attn(self.ln1(x)))
    return x + self.drop(self.fc2(nnx.gelu(self.fc1(self.ln2(x)))))


class ViT(nnx.Module):
  def __init__(self, num_classes=10, patch=4, dim=64, depth=2, heads=4, *, rngs):
    self.patch_embed = nnx.Conv(3, dim, kernel_size=(patch, patch), strides=(patch, patch),
                                rngs=rngs)
    self.blocks = nnx.List([EncoderBlock(dim, heads, rngs=rngs) for _ in range(depth)])
    self.norm = nnx.LayerNorm(dim, rngs=rngs)
    self.head = nnx.Linear(dim, num_classes, rngs=rngs)

  def __call__(self, images):
    x = self.patch_embed(images)
    x = x.reshape(x.shape[0], -1, x.shape[-1])
    for blk in self.blocks:
      x = blk(x)
    return self.head(self.norm(x).mean(axis=1))
