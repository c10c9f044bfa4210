import jax
from jax.sharding import PartitionSpec as P

BATCH = "batch"
MESH = jax.make_mesh((4,), (BATCH,))

STEP_IN_SPECS = (P(), P(BATCH), P(BATCH))
# (new params, loss, accuracy)
STEP_OUT_SPECS = (P(), P(), P())
