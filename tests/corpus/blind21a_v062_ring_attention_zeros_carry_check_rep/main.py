import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from ring import RingAttention

mesh = Mesh(np.array(jax.devices()), ('seq',))
attn = RingAttention(64, 4, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(attn)


def attend(params, x):
  return nnx.merge(graphdef, params)(x)


attend = shard_map(attend, mesh, in_specs=(P(), P(None, 'seq')), out_specs=P(None, 'seq'))
attend = jax.jit(attend)
attend.trace(params, jnp.ones((2, 256, 64))).lower(lowering_platforms=('cuda',))
