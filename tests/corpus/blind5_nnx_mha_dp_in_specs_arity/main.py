import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from encoder import EncoderLayer

mesh = jax.sharding.Mesh(jax.local_devices(), ('data',))
layer = EncoderLayer(32, 4, rngs=nnx.Rngs(0))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(None), P('data')), out_specs=P('data'))
def encode(layer, tokens, padding):
  mask = nnx.make_attention_mask(padding, padding)
  return layer(tokens, mask=mask)


tokens = jnp.ones((8, 16, 32))
padding = jnp.ones((8, 16), jnp.bool_)
encode.trace(layer, tokens, padding).lower(lowering_platforms=('cuda',))
