from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from moe import moe_mlp

N_EXPERTS, D, H = 8, 256, 1024


def make_moe_block(mesh):
  body = partial(moe_mlp, axis="expert")
  moe = shard_map(body, mesh=mesh,
                  in_specs=(P("expert", None), P(), P("expert"), P("expert")),
                  out_specs=P("expert", None))

  @partial(jax.jit, donate_argnums=(0,))
  def block(x, params):
    return x + moe(x, params["router"], params["w_in"], params["w_out"])

  return block


def main():
  mesh = Mesh(np.array(jax.devices()), ("expert",))
  params = {
      "router": jax.ShapeDtypeStruct((D, N_EXPERTS), jnp.float32),
      "w_in": jax.ShapeDtypeStruct((N_EXPERTS, D, H), jnp.float32),
      "w_out": jax.ShapeDtypeStruct((N_EXPERTS, H, D), jnp.float32),
  }
  x = jax.ShapeDtypeStruct((4 * 64, D), jnp.float32)
  make_moe_block(mesh).trace(x, params).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
