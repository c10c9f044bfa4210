import jax
import jax.numpy as jnp
from flax import nnx

init = nnx.initializers.lecun_normal()


class ColumnRowMLP(nnx.Module):
  """Megatron-style MLP: fc1 split by columns, fc2 split by rows over 'model'."""

  def __init__(self, d, hidden, *, rngs: nnx.Rngs, axis="model"):
    self.axis = axis
    self.w1 = nnx.Param(init(rngs.params(), (d, hidden)), sharding=(None, axis))
    self.b1 = nnx.Param(jnp.zeros((hidden,)), sharding=(axis,))
    self.w2 = nnx.Param(init(rngs.params(), (hidden, d)), sharding=(axis, None))
    self.b2 = nnx.Param(jnp.zeros((d,)), sharding=(None,))

  def __call__(self, x):
    # runs per device: w1/b1/w2 are the local shards
    h = jax.nn.relu(x @ self.w1[...] + self.b1[...])
    y = jax.lax.psum(h @ self.w2[...], self.axis)
    return y + self.b2[...]


class Regressor(nnx.Module):
  def __init__(self, d, hidden, depth, *, rngs: nnx.Rngs):
    self.blocks = nnx.List([ColumnRowMLP(d, hidden, rngs=rngs) for _ in range(depth)])
    self.out = nnx.Param(jnp.zeros((d, 1)), sharding=(None, None))

  def __call__(self, x):
    for blk in self.blocks:
      x = x + blk(x)
    return x @ self.out[...]
