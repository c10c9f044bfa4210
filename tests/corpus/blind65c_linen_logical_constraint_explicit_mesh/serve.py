import flax.linen as nn
import jax
from jax.sharding import NamedSharding, PartitionSpec as P

from rules import LOGICAL_AXIS_RULES


def make_forward(model, mesh, abstract_variables):
  logical_specs = nn.get_partition_spec(abstract_variables)
  var_shardings = nn.logical_to_mesh_sharding(logical_specs, mesh, LOGICAL_AXIS_RULES)
  token_sharding = NamedSharding(mesh, P("data", None))

  def forward(variables, tokens):
    with nn.logical_axis_rules(LOGICAL_AXIS_RULES):
      return model.apply(variables, tokens)

  return jax.jit(forward, in_shardings=(var_shardings, token_sharding))
