import jax
from flax import nnx
from jax.sharding import PartitionSpec as P

from .config import CONFIG


class ParallelMLP(nnx.Module):
  def __init__(self, cfg, *, rngs: nnx.Rngs):
    self.wi = nnx.Linear(cfg["d_model"], cfg["d_ff"], use_bias=False, rngs=rngs)
    self.wo = nnx.Linear(cfg["d_ff"], cfg["d_model"], use_bias=False, rngs=rngs)
    self.tp_axis = cfg["tp_axis"]

  def __call__(self, x):
    y = self.wo(nnx.relu(self.wi(x)))
    return jax.lax.psum(y, axis_name=self.tp_axis)


def tp_state_sharding(cfg=CONFIG):
  tensor = cfg["mesh_axes"][1]
  return nnx.StateSharding({
      nnx.PathContains('wi'): P(None, tensor),
      nnx.PathContains('wo'): P(tensor, None),
  })
