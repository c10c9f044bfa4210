import equinox as eqx
import jax
from jax.sharding import PartitionSpec as P


def mlp_tp_specs(params, axis="model"):
  """Column-parallel first layer, row-parallel second layer (Megatron MLP).

  Built from the parameter pytree itself so the spec tree has the module's structure."""
  specs = jax.tree.map(lambda _: P(), params)
  return eqx.tree_at(
      lambda m: (m.layers[0].weight, m.layers[0].bias, m.layers[1].weight),
      specs,
      (P(axis, None), P(axis), P(None, axis)),
  )
