import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from classifier import TextClassifier

mesh = Mesh(jax.devices(), ('data',))
model = TextClassifier(100, 16, 2, 3, rngs=nnx.Rngs(0))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P('data')), out_specs=P('data'))
def predict(model, tokens, mask):
  return model(tokens, mask)


tokens = jnp.zeros((8, 12), jnp.int32)
mask = jnp.ones((8, 12), jnp.int32)
predict.trace(model, tokens, mask).lower(lowering_platforms=('cuda',))
