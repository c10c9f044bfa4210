import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from layers import RingMixer

AXIS = "x"
num_devices = jax.device_count()
mesh = Mesh(jax.devices(), (AXIS,))
mixer = RingMixer(128, AXIS, num_devices, key=jax.random.PRNGKey(0))


@jax.jit
def apply(mixer, x):
    return jax.shard_map(
        lambda m, xs: m(xs), mesh=mesh, in_specs=(P(), P(AXIS)), out_specs=P(AXIS), check_vma=False
    )(mixer, x)


x = jnp.ones((8 * num_devices, 128), jnp.float32)
apply.trace(mixer, x).lower(lowering_platforms=("tpu",))
