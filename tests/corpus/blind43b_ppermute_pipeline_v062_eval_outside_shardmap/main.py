from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from evaluate import make_evaluate
from pipe import AXIS, make_stage_loop

S = jax.device_count()
M, B, D = 6, 2, 16
mesh = Mesh(np.array(jax.devices()), (AXIS,))

ws = jax.device_put(jax.random.normal(jax.random.PRNGKey(0), (S, D, D)) / 4.0,
                    NamedSharding(mesh, P(AXIS)))
xs = jnp.ones((M, B, D))
ys = jnp.zeros((M, B, D))

stage_loop = make_stage_loop(S, M)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(AXIS), P()), out_specs=P(), check_rep=False)
def forward(w, xs):
  return stage_loop(w[0], xs)


evaluate = make_evaluate(stage_loop)
print(forward.trace(ws, xs).lower(lowering_platforms=('cuda',)).as_text()[:40])
print(evaluate.trace(ws[0], xs, ys).lower(lowering_platforms=('cuda',)).as_text()[:40])
