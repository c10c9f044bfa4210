import dataclasses


@dataclasses.dataclass
class Config:
  d_model: int = 64
  d_ff: int = 256
  num_blocks: int = 2
  tp_axis: str = "tp"
  dp_axis: str = "dp"
  sublayers: tuple = ("ln", "mlp_in", "act", "mlp_out")
