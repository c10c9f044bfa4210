import jax
import jax.numpy as jnp
from flax import nnx

KERNEL_AXES = (None, 'model')


class DotReluDot(nnx.Module):
  def __init__(self, depth: int, rngs: nnx.Rngs):
    init_fn = nnx.initializers.lecun_normal()

    self.dot1 = nnx.Linear(
      depth, depth,
      kernel_init=nnx.with_partitioning(init_fn, KERNEL_AXES),
      bias_init=nnx.with_partitioning(nnx.initializers.zeros_init(), KERNEL_AXES),
      rngs=rngs)

    self.w2 = nnx.Param(
      init_fn(rngs.params(), (depth, depth)),
      sharding=('model', None),
    )

  def __call__(self, x: jax.Array):
    y = self.dot1(x)
    y = jax.nn.relu(y)
    y = jax.lax.with_sharding_constraint(y, jax.sharding.PartitionSpec('data', 'model'))
    z = jnp.dot(y, self.w2.value)
    return z
