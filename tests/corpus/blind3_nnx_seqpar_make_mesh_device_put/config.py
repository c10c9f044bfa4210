import dataclasses


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  num_layers: int = 2
  embed_dim: int = 32
  num_heads: int = 4
  mlp_dim: int = 64
  data_axis: str = 'data'
  seq_axis: str = 'seq'
