from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

STAGE, DATA = "stage", "data"
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (STAGE, DATA))
auto_axes = frozenset(name for name in mesh.axis_names if name != STAGE)


def normalize(h, eps=1e-5):
  # 'data' is automatic here: h is the global batch, the partitioner adds the all-reduce
  mu = jnp.mean(h, axis=0)
  var = jnp.mean((h - mu) ** 2, axis=0)
  return (h - mu) * lax.rsqrt(var + eps)


@partial(shard_map, mesh=mesh, in_specs=(P(STAGE), P()), out_specs=P(STAGE),
         check_rep=False, auto=auto_axes)
def run_stage(stage_w, x):
  h = x @ stage_w[0]
  return normalize(jax.nn.relu(h))[None]


w = jax.device_put(jnp.ones((2, 16, 16)) * 0.1, NamedSharding(mesh, P(STAGE)))
x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P(DATA)))
print(jax.jit(run_stage).trace(w, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
