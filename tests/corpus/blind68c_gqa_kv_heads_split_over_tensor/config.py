import dataclasses


@dataclasses.dataclass(frozen=True)
class LlamaConfig:
  d_model: int = 512
  n_heads: int = 8
  n_kv_heads: int = 2
  head_dim: int = 64
  seq_len: int = 256
