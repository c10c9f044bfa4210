import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import ShiftMixer

num_devices = jax.device_count()
mesh = Mesh(np.array(jax.devices()), ('x',))
replicated = NamedSharding(mesh, P())
row_sharded = NamedSharding(mesh, P('x'))

model = ShiftMixer(128, axis_name='x', num_devices=num_devices, rngs=nnx.Rngs(0))


@nnx.jit(in_shardings=(replicated, row_sharded), out_shardings=row_sharded)
def forward(model, x):
  return model(x)


x = jnp.ones((8 * num_devices, 128), jnp.float32)
forward.trace(model, x).lower(lowering_platforms=('tpu',))
