from jax.sharding import PartitionSpec as P

from mesh_def import DATA, MODEL

PARAM_SPECS = {
    "w_in": P(None, MODEL),
    "b_in": P(MODEL),
    "w_out": P(MODEL, None),
    "b_out": P(),
}

ACT_SPEC = P(DATA, None)
