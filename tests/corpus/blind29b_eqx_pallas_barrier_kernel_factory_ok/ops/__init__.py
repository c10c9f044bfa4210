from .barrier import barrier_copy_fn as make_barrier_copy
