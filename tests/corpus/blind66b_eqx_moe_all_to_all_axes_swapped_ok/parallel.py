import equinox as eqx
import jax
from jax.sharding import PartitionSpec as P

from config import EXPERT_AXIS


def moe_param_specs(params):
  specs = jax.tree.map(lambda _: P(), params)
  return eqx.tree_at(lambda m: (m.w_in, m.w_out), specs,
                     replace=(P(EXPERT_AXIS), P(EXPERT_AXIS)))


def expert_parallel(mesh, param_specs):
  """Decorator factory for fn(params, x, y) -> (loss, grads)."""

  def decorator(fn):
    return jax.shard_map(
        fn,
        mesh=mesh,
        in_specs=(param_specs, P(EXPERT_AXIS), P(EXPERT_AXIS)),
        out_specs=(P(), param_specs),
    )

  return decorator
