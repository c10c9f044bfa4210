from jax.sharding import PartitionSpec as P


def mlp_tp_specs(axis="model"):
  """Column-parallel first layer, row-parallel second layer (Megatron MLP)."""
  return {
      "layers": [
          {"weight": P(axis, None), "bias": P(axis)},
          {"weight": P(None, axis), "bias": P()},
      ]
  }
