import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pp.model import PipelinedStage, Stage

N = len(jax.devices())
D = 64
mesh = Mesh(np.array(jax.devices()), ('pp',))
model = PipelinedStage(D, N)

x = jnp.ones((8, D))
keys = jax.random.split(jax.random.key(0), N)
stage_params = jax.vmap(Stage(D).init, in_axes=(0, None))(keys, x)
params = {'params': {'stage': stage_params['params']}}


def run(params, x):
  local = jax.tree.map(lambda a: a[0], params)
  return model.apply(local, x)[None]


infer = jax.jit(jax.shard_map(run, mesh=mesh, in_specs=(P('pp'), P()), out_specs=P('pp')))
infer.trace(params, x).lower(lowering_platforms=('cuda',))
print('lowered')
