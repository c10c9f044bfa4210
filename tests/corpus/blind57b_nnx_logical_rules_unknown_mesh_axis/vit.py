from flax import nnx

init = nnx.initializers.truncated_normal(0.02)


def logical(names):
  return nnx.with_partitioning(init, names)


class EncoderBlock(nnx.Module):
  def __init__(self, dim, heads, *, rngs):
    self.ln1 = nnx.LayerNorm(dim, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(num_heads=heads, in_features=dim, decode=False,
                                       kernel_init=logical(('embed', 'heads', 'kv')),
                                       out_kernel_init=logical(('heads', 'kv', 'embed')),
                                       rngs=rngs)
    self.ln2 = nnx.LayerNorm(dim, rngs=rngs)
    self.mlp_in = nnx.Linear(dim, 4 * dim, kernel_init=logical(('embed', 'mlp')), rngs=rngs)
    self.mlp_out = nnx.Linear(4 * dim, dim, kernel_init=logical(('mlp', 'embed')), rngs=rngs)

  def __call__(self, x):
    x = x + self.attn(self.ln1(x))
    return x + self.mlp_out(nnx.gelu(self.mlp_in(self.ln2(x))))


class ViTEncoder(nnx.Module):
  def __init__(self, patch=8, dim=64, heads=4, depth=2, classes=100, *, rngs):
    self.patchify = nnx.Conv(3, dim, (patch, patch), strides=(patch, patch), padding='VALID',
                             kernel_init=logical((None, None, None, 'embed')), rngs=rngs)
    self.blocks = nnx.List([EncoderBlock(dim, heads, rngs=rngs) for _ in range(depth)])
    self.norm = nnx.LayerNorm(dim, rngs=rngs)
    self.head = nnx.Linear(dim, classes, kernel_init=logical(('embed', 'classes')), rngs=rngs)

  def __call__(self, images):
    x = self.patchify(images)
    x = x.reshape(x.shape[0], -1, x.shape[-1])
    for blk in self.blocks:
      x = blk(x)
    return self.head(self.norm(x).mean(axis=1))
