from flax import nnx

init = nnx.initializers.lecun_normal()


class Block(nnx.Module):
  def __init__(self, d, rngs):
    self.ln = nnx.LayerNorm(d, rngs=rngs)
    self.fc1 = nnx.Linear(d, 4 * d, kernel_init=nnx.with_partitioning(init, (None, "model")),
                          rngs=rngs)
    self.fc2 = nnx.Linear(4 * d, d, kernel_init=nnx.with_partitioning(init, ("model", None)),
                          rngs=rngs)

  def __call__(self, x):
    return x + self.fc2(nnx.gelu(self.fc1(self.ln(x))))


class Net(nnx.Module):
  def __init__(self, d, depth, rngs):
    self.blocks = nnx.List([Block(d, rngs) for _ in range(depth)])
    self.head = nnx.Linear(d, 10, rngs=rngs)

  def __call__(self, x):
    for b in self.blocks:
      x = b(x)
    return self.head(x.mean(axis=1))
