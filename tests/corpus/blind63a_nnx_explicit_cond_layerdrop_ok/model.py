import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

init = nnx.initializers


class MLPBlock(nnx.Module):
  """Megatron-style MLP: column-parallel up projection, row-parallel down projection."""

  def __init__(self, d_model, d_hidden, *, rngs):
    self.norm = nnx.LayerNorm(d_model, rngs=rngs)
    self.w_up = nnx.Param(init.lecun_normal()(rngs.params(), (d_model, d_hidden)),
                          out_sharding=(None, "model"))
    self.w_down = nnx.Param(init.lecun_normal()(rngs.params(), (d_hidden, d_model)),
                            out_sharding=("model", None))

  def __call__(self, x):
    h = jnp.einsum("btd,dh->bth", self.norm(x), self.w_up[...])
    h = nnx.gelu(h)
    # the contraction runs over the sharded hidden dim: all-reduce back to the residual layout
    y = jnp.einsum("bth,hd->btd", h, self.w_down[...], out_sharding=P("data", None, None))
    return x + y


class StochasticDepthStack(nnx.Module):

  def __init__(self, n_layers, d_model, d_hidden, drop_rate, *, rngs):
    self.blocks = nnx.List([MLPBlock(d_model, d_hidden, rngs=rngs) for _ in range(n_layers)])
    self.drop_rate = drop_rate
    self.rngs = rngs.fork()

  def __call__(self, x):
    for block in self.blocks:
      skip = jax.random.bernoulli(self.rngs.dropout(), self.drop_rate)
      x = nnx.cond(skip, lambda blk, h: h, lambda blk, h: blk(h), block, x)
    return x
