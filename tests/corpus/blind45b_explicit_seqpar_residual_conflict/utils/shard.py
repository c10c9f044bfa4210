import jax
from jax.sharding import PartitionSpec as P

BATCH, SEQ, EMBED = "data", "model", None

RESIDUAL = P(BATCH, SEQ, EMBED)          # sequence-parallel residual stream
GATHERED = P(BATCH, None, None)          # what the MLP sees
MLP_OUT = P(BATCH, None, "model")        # reduce-scatter target of the down projection


def to(x, spec):
    return jax.sharding.reshard(x, spec)
