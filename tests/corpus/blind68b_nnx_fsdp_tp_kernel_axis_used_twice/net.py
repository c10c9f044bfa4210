import jax
from jax.sharding import PartitionSpec as P
from flax import nnx

import sharding


class ResMLP(nnx.Module):

  def __init__(self, d, d_ff, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.up = nnx.Linear(d, d_ff, use_bias=False,
                         kernel_init=sharding.up_proj_init(), rngs=rngs)
    self.down = nnx.Linear(d_ff, d, use_bias=False,
                           kernel_init=sharding.down_proj_init(), rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.up(self.norm(x)))
    h = jax.lax.with_sharding_constraint(h, P('data', sharding.TP))
    return x + self.down(h)


class Net(nnx.Module):

  def __init__(self, d, d_ff, depth, *, rngs: nnx.Rngs):
    self.blocks = nnx.List([ResMLP(d, d_ff, rngs=rngs) for _ in range(depth)])
    self.out = nnx.Linear(d, 1, rngs=rngs)

  def __call__(self, x):
    for block in self.blocks:
      x = nnx.remat(lambda b, y: b(y))(block, x)
    return self.out(x)
