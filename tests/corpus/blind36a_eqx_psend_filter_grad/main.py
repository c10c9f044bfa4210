import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from stages import AXIS, stage_apply

mesh = Mesh(np.array(jax.devices()), (AXIS,))
model = eqx.nn.Sequential([eqx.nn.Linear(8, 8, key=jax.random.key(1)), eqx.nn.Lambda(jax.nn.tanh)])
params, static = eqx.partition(model, eqx.is_array)
optim = optax.sgd(1e-2)
opt_state = optim.init(params)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)),
                   out_specs=P(), check_vma=False)
def loss_fn(params, x, y):
    pred = stage_apply(eqx.combine(params, static), x)
    return jax.lax.pmean(jnp.mean((pred - y) ** 2), AXIS)


@jax.jit
def train_step(params, opt_state, x, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = optim.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, loss


x = jnp.ones((16, 8))
y = jnp.zeros((16, 8))
lowered = train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
