from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from megatron import TPBlock, TPConfig

cfg = TPConfig()
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (cfg.dp_axis, cfg.tp_axis))
block = TPBlock(cfg)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(cfg.dp_axis)), out_specs=P(cfg.dp_axis))
def forward(key, x):
  params = block.init(key, x)
  return block.apply(params, x)


if __name__ == "__main__":
  x = jnp.ones((4, 16, cfg.dim))
  forward.trace(jax.random.key(0), x).lower(lowering_platforms=("cuda",))
