import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ZeroConfig:
  dp: str = "data"
  grad_op: str = "reduce_scatter"
  lr: float = 1e-2


def grad_plan(params, cfg):
  """Which collective synchronises each gradient leaf."""
  return jax.tree.map(lambda p: cfg.grad_op, params)


def plan_specs(plan, cfg):
  return jax.tree.map(lambda op: P(cfg.dp) if op == "reduce_scatter" else P(), plan)
