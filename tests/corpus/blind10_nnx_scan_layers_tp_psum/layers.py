import jax
import jax.numpy as jnp
from flax import nnx

TP = 'model'


class ParallelMLP(nnx.Module):
  """Column-parallel up projection, row-parallel down projection, psum over the TP axis."""

  def __init__(self, d, hidden, *, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.w_up = nnx.Param(nnx.with_partitioning(init, (None, TP))(rngs.params(), (d, hidden)))
    self.w_down = nnx.Param(nnx.with_partitioning(init, (TP, None))(rngs.params(), (hidden, d)))

  def __call__(self, x):
    h = jax.nn.gelu(x @ self.w_up[...])
    partial_out = h @ self.w_down[...]
    return x + jax.lax.psum(partial_out, TP)


class Stack(nnx.Module):

  def __init__(self, d, hidden, n_layers, *, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=n_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def make(rngs):
      return ParallelMLP(d, hidden, rngs=rngs)

    self.layers = make(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    def body(layer, x):
      return layer(x)

    return body(self.layers, x)
