import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from kernels.ring import RING_AXIS
from model import RingMixer

num_devices = jax.device_count()
mesh = Mesh(jax.devices(), (RING_AXIS,))
model = RingMixer(128, num_devices, rngs=nnx.Rngs(0))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(RING_AXIS)), out_specs=P(RING_AXIS), check_vma=False)
def forward(model, x):
  return model(x)


x = jnp.ones((8 * num_devices, 128), jnp.float32)
print(forward.trace(model, x).lower(lowering_platforms=('tpu',)).as_text()[:40])
