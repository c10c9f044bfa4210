import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

import parallel
from model import MLP

mesh = parallel.create_mesh()

model_spec = nnx.StateSharding({
  parallel.path_ends_with('up', 'kernel'): parallel.COLUMN,
  parallel.path_ends_with('down', 'linear', 'kernel'): parallel.ROW,
})


@nnx.jit
def forward(model, x):
  f = nnx.shard_map(
    lambda m, x: m(x),
    mesh=mesh,
    in_specs=(model_spec, P(parallel.DATA_AXIS, None)),
    out_specs=P(parallel.DATA_AXIS, None),
  )
  return f(model, x)


model = MLP(32, 128, 32, rngs=nnx.Rngs(0))
x = jnp.ones((16, 32))

print(forward.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
