import equinox as eqx
import jax
from jax.sharding import NamedSharding, PartitionSpec as P

from models.linear import TP_AXIS

DP_AXIS = "dp"

# (module attribute, leaf) -> spec
RULES = {
    ("up", "weight"): P(TP_AXIS, None),
    ("up", "bias"): P(TP_AXIS),
    ("down", "weight"): P(None, TP_AXIS),
}


def param_specs(params):
  def rule(path, leaf):
    names = tuple(k.name for k in path if isinstance(k, jax.tree_util.GetAttrKey))
    return RULES.get(names[-2:], P())
  return jax.tree_util.tree_map_with_path(rule, params)


def shard_model(model, mesh):
  specs = param_specs(eqx.filter(model, eqx.is_array))
  shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), specs)
  return eqx.filter_shard(model, shardings)


def tp_apply(mesh, static, specs):
  """Batched forward, weights split over tp and batch over dp."""
  def apply(params, x):
    model = eqx.combine(params, static)
    return jax.vmap(model)(x)
  return jax.shard_map(apply, mesh=mesh,
                       in_specs=(specs, P(DP_AXIS)), out_specs=P(DP_AXIS))
