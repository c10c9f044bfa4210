import dataclasses
from typing import Tuple


@dataclasses.dataclass(frozen=True)
class Config:
  emb_dim: int = 128
  mlp_dim: int = 512
  num_layers: int = 4
  vocab_size: int = 256
  seq_len: int = 32
  per_device_batch: int = 2
  ici_data_parallelism: int = 2
  ici_fsdp_parallelism: int = 1
  ici_tensor_parallelism: int = 2
  mesh_axes: Tuple[str, ...] = ("data", "fsdp", "tensor")
  remat_policy: str = "minimal"
  # rules copied from the v4 config, whose mesh called the TP axis "model"
  logical_axis_rules: Tuple[Tuple[str, object], ...] = (
      ("activation_batch", ("data", "fsdp")),
      ("activation_embed", None),
      ("activation_mlp", "model"),
      ("embed", "fsdp"),
      ("mlp", "tensor"),
      ("vocab", "tensor"),
      ("layers", None),
  )
