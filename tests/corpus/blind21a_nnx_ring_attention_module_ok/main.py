from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from ring import RingAttention

mesh = Mesh(np.array(jax.devices()), ('seq',))
attn = RingAttention(64, 4, rngs=nnx.Rngs(0))


@nnx.jit
def forward(attn, x):
  @partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P(None, 'seq')),
           out_specs=P(None, 'seq'))
  def sharded(attn, x):
    return attn(x)
  return sharded(attn, x)


x = jnp.ones((2, 256, 64))
forward.trace(attn, x).lower(lowering_platforms=('cuda',))
