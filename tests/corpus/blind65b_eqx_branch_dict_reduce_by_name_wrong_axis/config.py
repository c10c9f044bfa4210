import dataclasses


@dataclasses.dataclass(frozen=True)
class Axes:
  data: str = "data"
  model: str = "model"


@dataclasses.dataclass(frozen=True)
class BlockConfig:
  d_model: int = 128
  d_ff: int = 512
  n_blocks: int = 2
  # which all-reduce closes each row-parallel branch
  branch_reduce: tuple = (("mixer", "all_reduce_tp"), ("ffn", "all_reduce_dp"))
