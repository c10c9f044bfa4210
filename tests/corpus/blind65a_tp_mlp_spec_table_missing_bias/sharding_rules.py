from jax.sharding import PartitionSpec as P

from mesh_def import DATA, MODEL

PARAM_SPECS = {
    "w_in": P(None, MODEL),
    "w_out": P(MODEL, None),
}

ACT_SPEC = P(DATA, None)
