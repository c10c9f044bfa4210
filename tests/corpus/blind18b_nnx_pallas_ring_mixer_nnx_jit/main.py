import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import RingMixer

mesh = Mesh(np.array(jax.devices()), ('ring',))
layer = RingMixer(128, 'ring', nnx.Rngs(0))
x = jax.device_put(jnp.ones((64, 128), jnp.float32), NamedSharding(mesh, P('ring')))


@nnx.jit
def apply(layer, x):
  return layer(x)


apply.trace(layer, x).lower(lowering_platforms=('tpu',))
