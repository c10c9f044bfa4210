import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from model import RowParallelMLP

mesh = Mesh(np.array(jax.devices()), ('model',))
model = RowParallelMLP(hidden=16, out=8, tp_axis='model')

x = jnp.ones((4, 8))
# per-shard parameters, initialised with the single-device config (no psum at init)
params = jax.jit(RowParallelMLP(hidden=16, out=8).init)(jax.random.key(0), x)


def forward(params, x):
  return model.apply(params, x)


sharded_forward = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P(), P()), out_specs=P()))
print(sharded_forward.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
