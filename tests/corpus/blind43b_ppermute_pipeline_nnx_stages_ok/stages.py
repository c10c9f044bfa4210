from flax import nnx
import jax


class Stage(nnx.Module):
  def __init__(self, dim, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(dim, 4 * dim, rngs=rngs)
    self.fc2 = nnx.Linear(4 * dim, dim, rngs=rngs)

  def __call__(self, x):
    return x + self.fc2(jax.nn.gelu(self.fc1(x)))


def make_stages(num_stages, dim, key):
  @nnx.vmap(in_axes=0, out_axes=0)
  def create(k):
    return Stage(dim, rngs=nnx.Rngs(k))

  return create(jax.random.split(key, num_stages))
