from jax.sharding import PartitionSpec as P

from .axes import MODEL

# Stacked (layer-leading) parameter specs for MLPBlock.
STACKED = {
    "norm": {"scale": P(), "bias": P()},
    "up": {"kernel": P(None, None, MODEL), "bias": P(None, None, MODEL)},
    "down": {"kernel": P(None, MODEL, None)},
}
