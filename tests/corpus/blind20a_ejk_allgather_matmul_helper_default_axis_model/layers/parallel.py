from .ag_kernel import all_gather_matmul

TENSOR_AXIS = "model"


def column_parallel_matmul(x, w, tp_size, axis_name=TENSOR_AXIS):
    """Sequence-parallel in, tensor-parallel out: gather rows around the ring, multiply by the local columns."""
    return all_gather_matmul(x, w, axis_name=axis_name, tp_size=tp_size, collective_id=0)
