import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P
from flax import nnx

from model import SEQ_AXIS, TokenShift

n = len(jax.devices())
mesh = jax.make_mesh((n,), (SEQ_AXIS,), axis_types=(AxisType.Auto,))
layer = TokenShift(256, num_shards=n, rngs=nnx.Rngs(0))


@nnx.jit
def apply(layer, x):
  return layer(x)


x = jax.ShapeDtypeStruct((4096, 256), jnp.float32, sharding=NamedSharding(mesh, P(SEQ_AXIS)))
apply.trace(layer, x).lower(lowering_platforms=("tpu",))
