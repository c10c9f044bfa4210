import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers import RingMixer

AXIS = "x"
num_devices = jax.device_count()
mesh = Mesh(jax.devices(), (AXIS,))
mixer = RingMixer(128, AXIS, num_devices, key=jax.random.PRNGKey(0))

replicated = NamedSharding(mesh, P())
rows = NamedSharding(mesh, P(AXIS))


def apply(mixer, x):
    return mixer(x)


apply = jax.jit(apply, in_shardings=(replicated, rows), out_shardings=rows)

x = jnp.ones((8 * num_devices, 128), jnp.float32)
apply.trace(mixer, x).lower(lowering_platforms=("tpu",))
