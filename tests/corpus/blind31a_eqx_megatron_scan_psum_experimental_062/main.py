from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from tp import make_stack, run_stack

CFG = {"dp": 2, "tp": 2, "layers": 3, "d": 64, "h": 256}

mesh = Mesh(mesh_utils.create_device_mesh((CFG["dp"], CFG["tp"])), ("data", "model"))
stack = make_stack(CFG["layers"], CFG["d"], CFG["h"], jax.random.PRNGKey(0))
params, static = eqx.partition(stack, eqx.is_array)
param_specs = eqx.tree_at(lambda b: (b.w_col, b.w_row), params,
                          (P(None, None, "model"), P(None, "model", None)))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(param_specs, P("data", None)), out_specs=P("data", None))
def forward(params, x):
  return run_stack(eqx.combine(params, static), x, "model")


x = jnp.ones((8, CFG["d"]))
print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
