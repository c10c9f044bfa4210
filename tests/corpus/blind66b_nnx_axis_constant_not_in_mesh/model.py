import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

import sharding as shd


class DotReluDot(nnx.Module):

  def __init__(self, depth: int, *, rngs: nnx.Rngs):
    init_fn = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(
        depth, depth,
        kernel_init=nnx.with_partitioning(init_fn, (None, shd.TENSOR)),
        use_bias=False, rngs=rngs)
    self.dot2 = nnx.Linear(
        depth, depth,
        kernel_init=nnx.with_partitioning(init_fn, (shd.TENSOR, None)),
        use_bias=False, rngs=rngs)

  def __call__(self, x):
    y = jax.nn.relu(self.dot1(x))
    y = jax.lax.with_sharding_constraint(y, P(*shd.ACT_HIDDEN))
    return self.dot2(y)
