from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from mylib.train import dp_loss, local_loss, sgd

CONFIG = {'num_devices': 4, 'axis': 'batch'}

axis = CONFIG['axis']
mesh = Mesh(np.array(jax.devices()[:CONFIG['num_devices']]), (axis,))

if CONFIG['num_devices'] > 1:
  train_step = sgd(partial(dp_loss, axis=axis))
  train_step = jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P(axis)),
                             out_specs=(P(), P()))
else:
  train_step = sgd(local_loss)
train_step = jax.jit(train_step)

axis = 'unused'  # later code logs under a different name
w = jnp.zeros((16, 4))
x = jnp.ones((32, 16))
train_step.trace(w, x).lower(lowering_platforms=('cuda',))
