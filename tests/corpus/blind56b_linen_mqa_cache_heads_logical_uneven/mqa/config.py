from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
  vocab: int = 512
  emb_dim: int = 128
  num_query_heads: int = 8
  num_kv_heads: int = 1          # multi-query attention
  head_dim: int = 16
  max_target_length: int = 64
  batch: int = 8


LOGICAL_AXIS_RULES = (
    ('activation_batch', 'data'),
    ('cache_batch', 'data'),
    ('heads', 'model'),
    ('kv_heads', 'model'),
    ('cache_heads', 'model'),
    ('vocab', 'model'),
    ('embed', None),
    ('kv', None),
    ('cache_sequence', None),
    ('cache_kv', None),
)
