from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from moe import EP, moe_layer

mesh = Mesh(np.array(jax.devices()), (EP,))
tok_spec = P(EP, None)

moe = partial(moe_layer, capacity=16)
moe = shard_map(moe, mesh=mesh,
                in_specs=(tok_spec, tok_spec, P(), P(EP, None, None), P(EP, None, None)),
                out_specs=tok_spec, check_rep=False)


@jax.jit
def forward(x, mask, router, w_in, w_out):
  return x + moe(x, mask, router, w_in, w_out)


if __name__ == "__main__":
  T, D, F, E = 256, 128, 256, 8
  args = (jax.ShapeDtypeStruct((T, D), jnp.float32),
          jax.ShapeDtypeStruct((T,), jnp.float32),
          jax.ShapeDtypeStruct((D, E), jnp.float32),
          jax.ShapeDtypeStruct((E, D, F), jnp.float32),
          jax.ShapeDtypeStruct((E, F, D), jnp.float32))
  forward.trace(*args).lower(lowering_platforms=("tpu",))
