import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from halo import ShiftMixer

mesh = Mesh(jax.devices(), ('x',))
layer = ShiftMixer(128, axis_name='x', num_devices=mesh.shape['x'], rngs=nnx.Rngs(0))


@nnx.jit
def apply(layer: ShiftMixer, x):
  return layer(x)


x = jnp.ones((8 * 4, 128), jnp.float32)
x = jax.device_put(x, NamedSharding(mesh, P('x')))
apply.trace(layer, x).lower(lowering_platforms=('tpu',))
