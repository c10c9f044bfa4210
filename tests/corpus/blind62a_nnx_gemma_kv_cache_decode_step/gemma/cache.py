from flax import nnx


class KVCache(nnx.Variable):
  """Decoding cache for keys/values: [batch, max_len, heads, head_dim]."""


class CacheIndex(nnx.Variable):
  """Number of positions already written to the cache."""
