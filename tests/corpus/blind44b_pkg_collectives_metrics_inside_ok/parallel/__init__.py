from parallel.collectives import all_reduce_mean, clip_by_global_norm

DATA_AXIS = "data"
