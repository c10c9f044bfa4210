from functools import partial

import jax
from flax import nnx
from jax.sharding import PartitionSpec as P

from ops.rmsnorm import rmsnorm


class FusedRMSNorm(nnx.Module):
  def __init__(self, dim, *, mesh, batch_axis='data', rngs: nnx.Rngs):
    self.scale = nnx.Param(nnx.initializers.ones(rngs.params(), (dim,)))
    self.mesh = mesh
    self.batch_axis = batch_axis

  def __call__(self, x):
    kernel = jax.shard_map(partial(rmsnorm, eps=1e-6), mesh=self.mesh,
                           in_specs=(P(self.batch_axis, None), P()),
                           out_specs=P(self.batch_axis, None), check_vma=False)
    return kernel(x, self.scale[...])


class Head(nnx.Module):
  def __init__(self, dim, vocab, *, mesh, rngs: nnx.Rngs):
    self.norm = FusedRMSNorm(dim, mesh=mesh, rngs=rngs)
    self.out = nnx.Linear(dim, vocab, use_bias=False, rngs=rngs)

  def __call__(self, x):
    return self.out(self.norm(x))
