import jax
from flax import nnx


def dense(din, dout, names, rngs):
  return nnx.Linear(din, dout, rngs=rngs,
                    kernel_init=nnx.with_partitioning(nnx.initializers.lecun_normal(), names))


class MLP(nnx.Module):
  def __init__(self, d, hidden, *, rngs):
    self.up = dense(d, hidden, (None, "model"), rngs)
    self.down = dense(hidden, d, ("model", None), rngs)

  def __call__(self, x):
    return self.down(jax.nn.relu(self.up(x)))
