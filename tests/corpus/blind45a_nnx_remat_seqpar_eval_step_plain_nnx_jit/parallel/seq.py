import jax.lax as L

SEQ_AXIS = 'seq'


def gather_kv(k, v):
  """Every sequence shard attends to the full key/value sequence."""
  k = L.all_gather(k, SEQ_AXIS, axis=1, tiled=True)
  v = L.all_gather(v, SEQ_AXIS, axis=1, tiled=True)
  return k, v
