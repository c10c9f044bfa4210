import jax
from flax import nnx

kernel_init = nnx.initializers.variance_scaling(1.0, 'fan_in', 'truncated_normal')


class GatedMLP(nnx.Module):

  def __init__(self, emb, mlp, *, rngs):
    col = nnx.with_partitioning(kernel_init, (None, 'model'))
    row = nnx.with_partitioning(kernel_init, ('model', None))
    self.wi_0 = nnx.Linear(emb, mlp, use_bias=False, kernel_init=col, rngs=rngs)
    self.wi_1 = nnx.Linear(emb, mlp, use_bias=False, kernel_init=col, rngs=rngs)
    self.wo = nnx.Linear(mlp, emb, use_bias=False, kernel_init=row, rngs=rngs)

  def __call__(self, x):
    h = nnx.silu(self.wi_0(x)) * self.wi_1(x)
    return jax.lax.psum(self.wo(h), 'model')
