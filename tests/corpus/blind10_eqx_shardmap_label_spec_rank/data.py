from jax.sharding import PartitionSpec as P

BATCH_AXIS = 'data'
IMAGE_SPEC = P(BATCH_AXIS, None, None, None)   # [N, C, H, W]
