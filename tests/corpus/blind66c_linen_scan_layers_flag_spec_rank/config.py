import dataclasses

from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class ModelConfig:
  d_model: int = 256
  d_ff: int = 1024
  num_layers: int = 4
  scan_layers: bool = True


@dataclasses.dataclass
class MeshConfig:
  shape: tuple = (2, 2)
  axis_names: tuple = ("data", "model")


# (regex on the '/'-joined parameter path, PartitionSpec).  Block params carry a
# leading stacked-layer dimension, which is never sharded.
PARTITION_RULES = (
    (r".*/mlp/wi/kernel", P(None, "data", "model")),
    (r".*/mlp/wo/kernel", P(None, "model", "data")),
    (r".*/norm/scale", P(None, None)),
    (r"head/kernel", P("data", None)),
    (r".*", P()),
)
