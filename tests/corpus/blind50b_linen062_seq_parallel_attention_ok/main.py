from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from attention import Block, SEQ_AXIS

mesh = Mesh(np.array(jax.devices()), (SEQ_AXIS,))
model = Block()

x = jnp.ones((2, 64, 32))  # (batch, seq, features); seq split 4 ways
key = jax.random.PRNGKey(0)


@jax.jit
def init(key, x):
  return shard_map(model.init, mesh=mesh,
                   in_specs=(P(), P(None, SEQ_AXIS)), out_specs=P())(key, x)


@jax.jit
def forward(params, x):
  f = shard_map(model.apply, mesh=mesh,
                in_specs=(P(), P(None, SEQ_AXIS)), out_specs=P(None, SEQ_AXIS))
  return f(params, x)


params = jax.eval_shape(init, key, x)
print(init.trace(key, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
print(forward.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
