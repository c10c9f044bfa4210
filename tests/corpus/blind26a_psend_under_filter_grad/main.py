import functools

import jax
import jax.numpy as jnp
import numpy as np
import equinox as eqx
import optax
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import make_stages, forward_backward_free

NUM_STAGES = 4
mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), ("stage",))

stages = make_stages(NUM_STAGES, 64, jax.random.PRNGKey(0))
params, static = eqx.partition(stages, eqx.is_array)
optim = optax.sgd(1e-3)
opt_state = optim.init(params)


def loss(params, x, y):
    out = forward_backward_free(params, x, static=static, num_stages=NUM_STAGES)
    return jnp.mean((out - y) ** 2)


def train_step(params, opt_state, x, y):
    grads = eqx.filter_grad(loss)(params, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(params, updates), opt_state


step = jax.shard_map(
    train_step,
    mesh=mesh,
    in_specs=(P("stage"), P("stage"), P(), P()),
    out_specs=(P("stage"), P("stage")),
    check_vma=False,
)

x = jnp.ones((8, 64), jnp.float32)
y = jnp.zeros((8, 64), jnp.float32)
print(jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
