from jax.sharding import PartitionSpec as P

# Megatron-style tensor parallel specs for ONE transformer MLP block.
LAYER_SPECS = {
    "ln_scale": P(None),
    "w_in": P(None, "model"),   # column parallel
    "w_out": P("model", None),  # row parallel
}


def stacked_param_specs():
  """Specs for the params pytree whose `layers` entries carry a leading [n_layers] axis."""
  return {
      "layers": dict(LAYER_SPECS),
      "final_ln": P(None),
  }


BATCH_SPEC = P("data", None, None)
