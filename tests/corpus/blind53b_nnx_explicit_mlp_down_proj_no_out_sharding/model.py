import jax
from flax import nnx
from jax.sharding import PartitionSpec as P

lecun = nnx.initializers.lecun_normal()
zeros = nnx.initializers.zeros_init()


class MLP(nnx.Module):
  def __init__(self, din: int, dhidden: int, dout: int, *, rngs: nnx.Rngs):
    self.up = nnx.Linear(
        din, dhidden,
        kernel_init=nnx.with_partitioning(lecun, (None, 'model')),
        bias_init=nnx.with_partitioning(zeros, ('model',)),
        rngs=rngs,
    )
    self.down = nnx.Linear(
        dhidden, dout,
        kernel_init=nnx.with_partitioning(lecun, ('model', None)),
        bias_init=nnx.with_partitioning(zeros, (None,)),
        rngs=rngs,
    )

  def __call__(self, x):
    h = nnx.gelu(self.up(x))
    return self.down(h)
