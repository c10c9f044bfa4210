from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from model import ShiftMixer

num_devices = jax.device_count()
mesh = Mesh(np.array(jax.devices()), ('x',))

model = ShiftMixer(128, axis_name='x', num_devices=num_devices, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model)


def apply(params, x):
  return nnx.merge(graphdef, params)(x)


sharded_apply = jax.jit(
    jax.shard_map(apply, mesh=mesh, in_specs=(P(), P('x')), out_specs=P('x'), check_vma=False))

x = jnp.ones((8 * num_devices, 128), jnp.float32)
sharded_apply.trace(params, x).lower(lowering_platforms=('tpu',))
