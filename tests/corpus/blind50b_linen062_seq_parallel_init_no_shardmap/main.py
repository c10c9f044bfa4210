from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from attention import Block, SEQ_AXIS

mesh = Mesh(np.array(jax.devices()), (SEQ_AXIS,))
model = Block()


@partial(jax.jit, out_shardings=NamedSharding(mesh, P()))
def init_params(key, x):
  return model.init(key, x)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), P(None, SEQ_AXIS)),
         out_specs=P(None, SEQ_AXIS))
def forward(params, x):
  return model.apply(params, x)


if __name__ == "__main__":
  x = jnp.ones((2, 64, 32))
  key = jax.random.PRNGKey(0)
  lowered = init_params.trace(key, x).lower(lowering_platforms=('cuda',))
  print(lowered.as_text()[:40])
  params = init_params(key, x)
  print(forward.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
