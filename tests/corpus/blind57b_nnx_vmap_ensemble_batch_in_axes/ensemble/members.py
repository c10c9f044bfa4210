from flax import nnx


class ConvMember(nnx.Module):
  def __init__(self, num_classes, *, rngs: nnx.Rngs):
    self.conv = nnx.Conv(1, 16, (3, 3), rngs=rngs)
    self.norm = nnx.LayerNorm(16, rngs=rngs)
    self.head = nnx.Linear(16, num_classes, rngs=rngs)

  def __call__(self, x):
    h = nnx.relu(self.norm(self.conv(x)))
    return self.head(h.mean(axis=(1, 2)))


def make_ensemble(size, num_classes, rngs):
  @nnx.split_rngs(splits=size)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs):
    return ConvMember(num_classes, rngs=rngs)

  return create(rngs)
