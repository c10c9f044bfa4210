import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ZeroConfig:
  dp: str = "data"
  grad_op: str = "reduce_scatter"
  lr: float = 1e-2


def grad_plan(params, cfg, num_shards):
  """Which collective synchronises each gradient leaf.

  Leaves whose leading dim does not split evenly over the data axis (the
  10-class output bias) stay replicated and are all-reduced instead.
  """
  def choose(p):
    if p.ndim < 2 or p.shape[0] % num_shards:
      return "allreduce"
    return cfg.grad_op
  return jax.tree.map(choose, params)


def plan_specs(plan, cfg):
  return jax.tree.map(lambda op: P(cfg.dp) if op == "reduce_scatter" else P(), plan)
