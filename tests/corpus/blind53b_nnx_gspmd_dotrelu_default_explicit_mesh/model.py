import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


class DotReluDot(nnx.Module):
  def __init__(self, depth: int, rngs: nnx.Rngs):
    init_fn = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(
        depth, depth,
        kernel_init=nnx.with_partitioning(init_fn, (None, 'model')),
        use_bias=False,
        rngs=rngs,
    )
    self.w2 = nnx.Param(
        init_fn(rngs.params(), (depth, depth)),
        out_sharding=('model', None),
    )

  def __call__(self, x: jax.Array):
    y = self.dot1(x)
    y = jax.nn.relu(y)
    # keep the hidden activation batch- and model-sharded
    y = jax.lax.with_sharding_constraint(y, P('data', 'model'))
    z = jnp.dot(y, self.w2[...])
    return z
