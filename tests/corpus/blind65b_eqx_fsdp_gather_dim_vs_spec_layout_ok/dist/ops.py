from jax.lax import all_gather as gather

# dimension of a weight matrix that is split across the FSDP axis
SHARD_DIM = 0


def gather_param(w, axis_name):
  return gather(w, axis_name, axis=SHARD_DIM, tiled=True)
