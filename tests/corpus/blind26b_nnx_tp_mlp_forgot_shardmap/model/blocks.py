import jax
from jax import lax as L
from flax import nnx

init_fn = nnx.initializers.lecun_normal()


class ParallelMLP(nnx.Module):

  def __init__(self, d_model: int, d_ff: int, rngs: nnx.Rngs):
    self.wi = nnx.Linear(
        d_model, d_ff, use_bias=False,
        kernel_init=nnx.with_partitioning(init_fn, (None, 'model')), rngs=rngs)
    self.wo = nnx.Linear(
        d_ff, d_model, use_bias=False,
        kernel_init=nnx.with_partitioning(init_fn, ('model', None)), rngs=rngs)

  def __call__(self, x):
    h = nnx.relu(self.wi(x))
    return L.psum(self.wo(h), axis_name='model')


class Model(nnx.Module):

  def __init__(self, rngs: nnx.Rngs):
    self.embed = nnx.Linear(8, 32, rngs=rngs)
    self.mlp = ParallelMLP(32, 128, rngs)
    self.head = nnx.Linear(32, 4, rngs=rngs)

  def __call__(self, x):
    return self.head(self.mlp(self.embed(x)))
