import dataclasses

from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ServeConfig:
  d_model: int = 1024
  n_q_heads: int = 8
  n_kv_heads: int = 1          # multi-query attention
  head_dim: int = 128
  max_len: int = 256
  batch: int = 8

  # [batch, seq, heads, head_dim] -- same layout for q and the cache
  heads_spec: P = P("data", None, "model", None)
  weight_spec: P = P(None, "model", None)
