import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from cfg import ParallelConfig


class Stage(nnx.Module):
  def __init__(self, d, n, rngs, axis='pipe'):
    self.ff = nnx.Linear(d, d, rngs=rngs)
    self.axis = axis
    self.n = n

  def send_next(self, y):
    perm = [(i, i + 1) for i in range(self.n - 1)]
    tok = jax.lax.psend(y, self.axis, perm)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), self.axis, perm)

  def __call__(self, x):
    for _ in range(self.n - 1):
      x = self.send_next(nnx.relu(self.ff(x)))
    return self.ff(x)


cfg = ParallelConfig()
mesh = Mesh(np.array(jax.devices()), (cfg.pipeline_axis,))
stage = Stage(cfg.d_model, cfg.n_stages, nnx.Rngs(0))
graphdef, params = nnx.split(stage)


def run(params, x):
  return nnx.merge(graphdef, params)(x)


fwd = jax.jit(jax.shard_map(run, mesh=mesh, in_specs=(P(), P(cfg.pipeline_axis)),
                            out_specs=P(cfg.pipeline_axis), check_vma=False))
fwd.trace(params, jnp.ones((8, cfg.d_model))).lower(lowering_platforms=('cuda',))
