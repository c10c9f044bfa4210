from flax import nnx
from jax.sharding import PartitionSpec as P

_init = nnx.initializers.xavier_uniform()


class FeedForward(nnx.Module):
  """Megatron MLP: column-parallel up projection, row-parallel down projection."""

  def __init__(self, d_model, d_ff, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(d_model, rngs=rngs)
    self.up = nnx.Linear(d_model, d_ff, kernel_init=nnx.with_partitioning(_init, (None, 'model')),
                         bias_init=nnx.with_partitioning(nnx.initializers.zeros_init(), ('model',)),
                         rngs=rngs)
    self.down = nnx.Linear(d_ff, d_model, kernel_init=nnx.with_partitioning(_init, ('model', None)),
                           use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.up(self.norm(x)))
    return self.down(h)
