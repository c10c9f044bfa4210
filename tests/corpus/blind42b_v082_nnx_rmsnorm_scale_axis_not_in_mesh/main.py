import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from model import DecoderLayer

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit, AxisType.Explicit))
with jax.set_mesh(mesh):
  layer = DecoderLayer(64, 256, nnx.Rngs(0))
  x = jax.device_put(jnp.ones((4, 8, 64)), P('data', None, None))
  print(nnx.jit(lambda l, x: l(x)).trace(layer, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
