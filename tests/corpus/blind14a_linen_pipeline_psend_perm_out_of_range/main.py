import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class Stage(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, x):
    h = nn.LayerNorm()(x)
    h = nn.Dense(4 * self.dim)(h)
    return x + nn.Dense(self.dim)(nn.gelu(h))


def next_stage(x, axis, n):
  perm = [(i, i + 1) for i in range(n)]
  tok = lax.psend(x, axis, perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, perm)


def pipeline(stage_params, x, *, stage, axis, n):
  params = jax.tree.map(lambda p: p[0], stage_params)
  h = x
  for _ in range(n - 1):
    h = next_stage(stage.apply(params, h), axis, n)
  h = stage.apply(params, h)
  keep = lax.axis_index(axis) == n - 1
  return lax.psum(jnp.where(keep, h, 0.0), axis)


N, DIM = 4, 32
mesh = Mesh(np.array(jax.devices()[:N]), ('stage',))
stage = Stage(DIM)
keys = jax.random.split(jax.random.key(0), N)
stacked = jax.vmap(lambda k: stage.init(k, jnp.ones((1, DIM))))(keys)

fwd = jax.jit(jax.shard_map(
    functools.partial(pipeline, stage=stage, axis='stage', n=N),
    mesh=mesh, in_specs=(P('stage'), P()), out_specs=P()))
fwd.trace(stacked, jnp.ones((8, DIM))).lower(lowering_platforms=('cuda',))
