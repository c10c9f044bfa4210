import dataclasses


@dataclasses.dataclass(frozen=True)
class FSDPConfig:
  d_model: int = 256
  d_ff: int = 1024
  n_layers: int = 2
  fsdp_axis: str = "fsdp"
