import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ('model',))


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, use_bias=False, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, use_bias=False, rngs=rngs)

  def __call__(self, x):
    return self.linear2(jax.nn.relu(self.linear1(x)))


def path_ends_with(*path_suffix):  # custom filter
  return lambda path, value: path[-len(path_suffix):] == path_suffix


model_spec = nnx.StateSharding({
  path_ends_with('linear1', 'kernel'): P(None, 'model'),
  path_ends_with('linear2', 'kernel'): P('model', None),
})


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(model_spec, P(None)), out_specs=P(None))
def forward(m, x):
  y = m(x)
  return jax.lax.psum(y, 'model')


m = MLP(16, 64, 8, rngs=nnx.Rngs(0))
x = jnp.ones((32, 16))

print(forward.trace(m, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
