from dataclasses import dataclass, field


@dataclass(frozen=True)
class MeshConfig:
  shape: tuple[int, ...] = (2, 2)
  axes: tuple[str, ...] = ('data', 'model')
  data_axis: str = 'data'
  tensor_axis: str = 'model'


@dataclass(frozen=True)
class ModelConfig:
  vocab: int = 512
  d_model: int = 128
  d_ff: int = 512
  n_layers: int = 2
  mesh: MeshConfig = field(default_factory=MeshConfig)
