import flax.linen as nn
from jax.sharding import PartitionSpec as P

import layers as L


class ParallelMLPBlock(nn.Module):
  d_model: int
  d_ff: int
  tp_size: int
  tp_axis: str = "model"

  @nn.compact
  def __call__(self, x):
    h = nn.LayerNorm(name="ln")(x)
    h = nn.gelu(L.ColumnParallelDense(self.d_ff // self.tp_size, name="wi")(h))
    return x + L.RowParallelDense(self.d_model, reduce_axis=self.tp_axis, name="wo")(h)


BLOCKS = {"parallel_mlp": ParallelMLPBlock}


def make_block(cfg, mesh):
  axes = cfg["mesh_axes"]  # (data-parallel axis, tensor-parallel axis)
  kwargs = dict(
      d_model=cfg["d_model"],
      d_ff=cfg["d_ff"],
      tp_size=mesh.shape[axes[-1]],
      tp_axis=axes[-1],
  )
  return BLOCKS[cfg["block"]](**kwargs)


def param_specs(tp_axis):
  return {"params": {
      "ln": {"scale": P(), "bias": P()},
      "wi": {"dense": {"kernel": P(None, tp_axis)}},
      "wo": {"dense": {"kernel": P(tp_axis, None)}},
  }}
