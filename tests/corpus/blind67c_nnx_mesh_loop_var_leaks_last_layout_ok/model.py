import jax
from flax import nnx


class DotReluDot(nnx.Module):

  def __init__(self, depth: int, rngs: nnx.Rngs):
    init_fn = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(
        depth, depth,
        kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
        use_bias=False,
        rngs=rngs)
    self.w2 = nnx.Param(
        init_fn(rngs.params(), (depth, depth)),
        sharding=("model", None))

  def __call__(self, x: jax.Array):
    y = self.dot1(x)
    y = jax.nn.relu(y)
    return jax.numpy.dot(y, self.w2.value)
