import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from model import ShiftMixer

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'x'))
ring_size = mesh.shape['x']

model = ShiftMixer(128, axis_name='x', num_devices=ring_size, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model)


def apply(params, x):
  return nnx.merge(graphdef, params)(x)


# Only the ring axis is manual; the batch stays automatically partitioned over 'data'.
sharded_apply = jax.jit(
    jax.shard_map(apply, mesh=mesh, in_specs=(P(), P('x')), out_specs=P('x'),
                  axis_names={'x'}, check_vma=False))

x = jnp.ones((8 * ring_size, 128), jnp.float32)
sharded_apply.trace(params, x).lower(lowering_platforms=('tpu',))
