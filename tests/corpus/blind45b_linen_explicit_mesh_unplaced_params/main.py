import functools

import flax.linen as nn
import jax
import jax.numpy as jnp

from model import FeedForward
from parallel.setup import BATCH, create_mesh

HIDDEN = 256
TP = 2
# per-shard module: each model shard holds HIDDEN // TP columns of the up projection
local_model = FeedForward(hidden=HIDDEN // TP, tp_axis="model")
x = jnp.ones((16, 64), jnp.float32)
# abstract init: variables carry nn.Partitioned boxes
abstract = jax.eval_shape(FeedForward(hidden=HIDDEN).init, jax.random.PRNGKey(0), x)
var_specs = nn.get_partition_spec(abstract)
variables = nn.unbox(FeedForward(hidden=HIDDEN).init(jax.random.PRNGKey(0), x))

mesh = create_mesh(2, TP)

apply_fn = jax.shard_map(local_model.apply, mesh=mesh,
                         in_specs=(var_specs, BATCH), out_specs=BATCH)

x = jax.device_put(x, BATCH)
print(jax.jit(apply_fn).trace(variables, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
