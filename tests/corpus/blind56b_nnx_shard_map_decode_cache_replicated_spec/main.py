import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import DecodeAttention

mesh = Mesh(np.array(jax.devices()), ('data',))

BATCH, DIM, MAX_LEN = 8, 32, 16
layer = DecodeAttention(DIM, MAX_LEN, BATCH, rngs=nnx.Rngs(0))


@nnx.jit
def decode_step(layer, x):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('data')), out_specs=P('data'))
  def step(layer, x):
    return layer(x)

  return step(layer, x)


x = jnp.ones((BATCH, 1, DIM))
decode_step.trace(layer, x).lower(lowering_platforms=('cuda',))
