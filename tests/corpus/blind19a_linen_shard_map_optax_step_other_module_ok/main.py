import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from train_lib import MLP, train_step

mesh = Mesh(np.array(jax.devices()), ('data',))
model = MLP(features=(64, 10))
tx = optax.adamw(1e-3)

x = jnp.ones((32, 20))
y = jnp.zeros((32,), jnp.int32)
params = jax.eval_shape(model.init, jax.random.key(0), x[:1])
opt_state = jax.eval_shape(tx.init, params)

step = jax.shard_map(functools.partial(train_step, model, tx), mesh=mesh,
                     in_specs=(P(), P(), P('data'), P('data')), out_specs=(P(), P(), P()))
step = jax.jit(step)
step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
