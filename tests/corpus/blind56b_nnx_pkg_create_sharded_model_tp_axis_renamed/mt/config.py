from dataclasses import dataclass, field


@dataclass(frozen=True)
class MeshConfig:
  data_axis: str = 'data'
  tensor_axis: str = 'tensor'


@dataclass(frozen=True)
class ModelConfig:
  vocab: int = 512
  d_model: int = 128
  d_ff: int = 512
  n_layers: int = 2
  mesh: MeshConfig = field(default_factory=MeshConfig)
