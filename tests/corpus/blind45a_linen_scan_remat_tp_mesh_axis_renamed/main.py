from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from model import TPStack

mesh = Mesh(np.array(jax.devices()), ('model',))
model = TPStack(hidden=16, num_layers=3)   # 16 hidden units per shard, 64 in total
x = jnp.ones((8, 32))


@partial(shard_map, mesh=mesh, in_specs=(P(),), out_specs=P('model'), check_rep=False)
def init_fn(x):
  params = model.init(jax.random.PRNGKey(0), x)
  return jax.tree_util.tree_map(lambda a: a[None], params)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P('model'), P()), out_specs=P(), check_rep=False)
def forward(params, x):
  params = jax.tree_util.tree_map(lambda a: a[0], params)
  return model.apply(params, x)


params_shape = jax.eval_shape(init_fn, x)
print(forward.trace(params_shape, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
