from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from mixer import RingMixer

mesh = Mesh(np.array(jax.devices()), ('x',))
model = RingMixer(features=128, axis_name='x', num_devices=mesh.shape['x'])
x = jnp.ones((4 * 8, 128), jnp.float32)
params = model.init(jax.random.key(0), x[:8])


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('x')), out_specs=P('x'), check_vma=False)
def mix(params, x):
  return model.apply(params, x)


mix.trace(params, x).lower(lowering_platforms=("tpu",))
