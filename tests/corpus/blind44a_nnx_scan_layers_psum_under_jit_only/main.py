import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import Stack

mesh = Mesh(jax.devices(), ('model',))


def spec_for(path, value):
  if path[-2:] == ('w1', 'kernel'):
    return P(None, None, 'model')
  if path[-2:] == ('w2', 'kernel'):
    return P(None, 'model', None)
  return P()


model = Stack(4, 64, 256, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)
specs = nnx.map_state(spec_for, state)
state = jax.device_put(state, jax.tree.map(lambda s: NamedSharding(mesh, s), specs))
model = nnx.merge(graphdef, state)


@nnx.jit
def forward(model, x):
  return model(x)


x = jnp.ones((8, 64))
print(forward.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
