import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from kernels.ring import RING_AXIS
from model import RingMixer

num_devices = jax.device_count()
mesh = Mesh(jax.devices(), (RING_AXIS,))
model = RingMixer(128, num_devices, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)


def serve(state, x):
  model = nnx.merge(graphdef, state)
  return model(x)


serve_jit = jax.jit(serve, out_shardings=NamedSharding(mesh, P(RING_AXIS)))

x = jax.device_put(jnp.ones((8 * num_devices, 128), jnp.float32), NamedSharding(mesh, P(RING_AXIS)))
print(serve_jit.trace(state, x).lower(lowering_platforms=('tpu',)).as_text()[:40])
