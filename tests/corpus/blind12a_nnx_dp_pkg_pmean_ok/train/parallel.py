from jax.sharding import PartitionSpec as P

DATA_AXIS = "data"

REPLICATED = P()
BATCH_SHARDED = P(DATA_AXIS)
