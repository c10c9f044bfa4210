from jax.sharding import PartitionSpec as PS

BATCH = PS("data", None)


def param_specs():
  return {
      "w_up": PS(None, "model"),
      "w_down": PS("model", None),
      "scale": PS(),
  }
