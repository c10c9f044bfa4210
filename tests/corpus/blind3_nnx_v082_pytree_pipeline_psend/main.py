from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pp.comm import send_forward
from pp.modules import Stage

NUM_STAGES = 4
DIM = 16

keys = jax.random.split(jax.random.key(0), NUM_STAGES)
stages = jax.vmap(lambda k: Stage.init(k, DIM))(keys)  # stacked: leading stage dim
mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), ('pp',))


@partial(jax.shard_map, mesh=mesh, in_specs=(P('pp'), P()), out_specs=P('pp'))
def pipeline(stages, x):
  stage = jax.tree.map(lambda a: a[0], stages)
  for _ in range(NUM_STAGES - 1):
    x = send_forward(stage(x), 'pp', NUM_STAGES)
  return stage(x)[None]


x = jnp.ones((4, DIM))
jax.jit(pipeline).trace(stages, x).lower(lowering_platforms=('cuda',))
