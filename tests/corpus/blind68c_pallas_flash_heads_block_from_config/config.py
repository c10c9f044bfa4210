import dataclasses


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  d_model: int = 768
  num_heads: int = 12
  head_dim: int = 64
  max_seq_len: int = 512
  attn_block_q: int = 128
  attn_block_k: int = 128
