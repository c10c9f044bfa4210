from functools import partial

import jax

# one host = 8 accelerators
NUM_SHARDS = 8


def ring_shift(x, axis_name):
  return jax.lax.ppermute(x, axis_name,
                          perm=[(i, (i + 1) % NUM_SHARDS) for i in range(NUM_SHARDS)])
