import dataclasses


@dataclasses.dataclass(frozen=True)
class TransformerConfig:
  vocab_size: int = 1024
  d_model: int = 384
  num_heads: int = 8
  head_dim: int = 48
  d_ff: int = 1536
  mesh_shape: tuple = (1, 4)
  mesh_axes: tuple = ('data', 'model')
