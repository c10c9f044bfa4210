import jax
from jax.sharding import PartitionSpec as P

BATCH, SEQ, EMBED = "data", "model", None

RESIDUAL = P(BATCH, SEQ, EMBED)          # sequence-parallel residual stream
GATHERED = P(BATCH, None, None)          # what the MLP sees
MLP_OUT = P(BATCH, SEQ, EMBED)            # reduce-scatter back onto the sequence dim


def to(x, spec):
    return jax.sharding.reshard(x, spec)
