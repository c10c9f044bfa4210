from jax import lax as L

TP_AXIS = "model"


def reduce_from_tp(x, axis_name=TP_AXIS):
    """Row-parallel output: sum the partial products of every tensor-parallel shard."""
    return L.psum(x, axis_name)


def tp_rank(axis_name=TP_AXIS):
    return L.axis_index(axis_name)
