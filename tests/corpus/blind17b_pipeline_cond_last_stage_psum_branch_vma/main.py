from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from mylib.parallel import pipeline_loss

N = 4
mesh = Mesh(np.array(jax.devices()), ('stages',))
loss = jax.shard_map(partial(pipeline_loss, axis='stages', n=N), mesh=mesh,
                     in_specs=(P('stages'), P()), out_specs=P())
jax.jit(loss).trace(jnp.ones((N, 16, 16)), jnp.ones((8, 16))).lower(lowering_platforms=('cuda',))
