import dataclasses


@dataclasses.dataclass(frozen=True)
class AttnConfig:
  d_model: int = 256
  num_heads: int = 8
  head_dim: int = 32
  sp_axis: str = "sp"
