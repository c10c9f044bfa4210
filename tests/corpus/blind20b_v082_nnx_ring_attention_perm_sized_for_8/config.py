import dataclasses


@dataclasses.dataclass(frozen=True)
class Config:
  d_model: int = 64
  num_heads: int = 4
  seq_len: int = 256
  batch: int = 2
  # number of sequence shards in the ring (the 8-GPU node)
  ring_size: int = 8
  cp_devices: int = 4
  cp_axis: str = "cp"
