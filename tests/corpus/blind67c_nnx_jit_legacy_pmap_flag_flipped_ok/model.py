import jax
import optax
from flax import nnx


class DotReluDot(nnx.Module):

  def __init__(self, depth: int, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.dense1 = nnx.Linear(depth, depth, use_bias=False,
                             kernel_init=nnx.with_partitioning(init, (None, "model")),
                             rngs=rngs)
    self.w2 = nnx.Param(init(rngs.params(), (depth, depth)), sharding=("model", None))

  def __call__(self, x):
    y = nnx.relu(self.dense1(x))
    return y @ self.w2[...]


def xent(logits, labels):
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels)
