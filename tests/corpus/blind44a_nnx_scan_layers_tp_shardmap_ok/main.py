import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from model import Stack

mesh = Mesh(jax.devices(), ('model',))


def path_ends_with(*suffix):
  return lambda path, value: path[-len(suffix):] == suffix


stack_spec = nnx.StateSharding({
  path_ends_with('w1', 'kernel'): P(None, None, 'model'),
  path_ends_with('w2', 'kernel'): P(None, 'model', None),
  ...: P(),
})


@nnx.jit
def forward(model, x):
  @nnx.shard_map(mesh=mesh, in_specs=(stack_spec, P()), out_specs=P())
  def sharded(model, x):
    return model(x)

  return sharded(model, x)


model = Stack(4, 64, 256, rngs=nnx.Rngs(0))
x = jnp.ones((8, 64))
print(forward.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
