from dataclasses import dataclass, field

from jax.sharding import PartitionSpec as P


@dataclass
class Config:
  in_dim: int = 784
  hidden: int = 2048
  n_layers: int = 3
  n_classes: int = 16
  batch: int = 64
  lr: float = 1e-3
  mesh_axes: tuple = ("dp", "tp")
  mesh_shape: tuple = (2, 2)
  # (regex over "layer_i/w" style paths, spec); first match wins
  partition_rules: list = field(default_factory=lambda: [
      (r"^in_proj/w$", P(None, "tp")),
      (r"^mlp_\d+/.*", P(None, "tp")),
      (r"^head/w$", P("tp", None)),
      (r".*", P()),
  ])
