import dataclasses


@dataclasses.dataclass(frozen=True)
class AttnConfig:
  d_model: int = 192
  num_heads: int = 6
  head_dim: int = 32
  sp_axis: str = "sp"
