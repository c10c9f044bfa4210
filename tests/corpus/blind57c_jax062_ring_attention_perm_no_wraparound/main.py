from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from ring import CP, ring_attention

N = 4


def main():
  mesh = Mesh(np.array(jax.devices()), (CP,))
  spec = P(CP, None)
  attn = shard_map(partial(ring_attention, n=N), mesh=mesh, in_specs=(spec, spec, spec),
                   out_specs=spec, check_rep=False)
  q = jax.ShapeDtypeStruct((1024, 128), jnp.float32)
  jax.jit(attn).trace(q, q, q).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
