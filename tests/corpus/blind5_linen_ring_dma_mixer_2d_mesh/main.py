import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from mixer import RingMixer

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'x'))
model = RingMixer(features=128, axis_name='x', num_devices=mesh.shape['x'])

tokens = jnp.ones((2, 4 * 8, 128), jnp.float32)
# only the projection has parameters: initialise through it, never touching the ring
params = model.init(jax.random.key(0), tokens[0, :8], method=RingMixer.project)


def forward(params, tokens):
  return model.apply(params, tokens[0])[None]


sharded = shard_map(forward, mesh, in_specs=(P(), P('data', 'x')), out_specs=P('data', 'x'),
                    check_rep=False)
jax.jit(sharded).trace(params, tokens).lower(lowering_platforms=("tpu",))
