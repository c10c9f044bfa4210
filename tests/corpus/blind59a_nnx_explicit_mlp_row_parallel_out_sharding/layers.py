import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


class ColumnParallelDense(nnx.Module):
  def __init__(self, din, dout, *, rngs):
    init = nnx.with_partitioning(nnx.initializers.lecun_normal(), (None, 'model'))
    self.kernel = nnx.Param(init(rngs.params(), (din, dout)))

  def __call__(self, x):
    # [batch@data, din] x [din, dout@model] -> [batch@data, dout@model]
    return jnp.einsum('bd,df->bf', x, self.kernel[...])


class RowParallelDense(nnx.Module):
  def __init__(self, din, dout, *, rngs):
    init = nnx.with_partitioning(nnx.initializers.lecun_normal(), ('model', None))
    self.kernel = nnx.Param(init(rngs.params(), (din, dout)))

  def __call__(self, x):
    # [batch@data, din@model] x [din@model, dout] -> [batch@data, dout]
    # contracting dim is sharded on both sides: ask for the all-reduced, batch-sharded result
    return jnp.einsum('bf,fd->bd', x, self.kernel[...], out_sharding=P('data', None))


class FeedForward(nnx.Module):
  def __init__(self, d_model, d_ff, *, rngs):
    self.norm = nnx.RMSNorm(d_model, rngs=rngs)
    self.wi = ColumnParallelDense(d_model, d_ff, rngs=rngs)
    self.wo = RowParallelDense(d_ff, d_model, rngs=rngs)

  def __call__(self, x):
    return x + self.wo(jax.nn.relu(self.wi(self.norm(x))))
