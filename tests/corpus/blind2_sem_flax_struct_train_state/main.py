import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from state import DPTrainState


def apply_fn(params, x):
    return jnp.tanh(x @ params["w"]) @ params["v"]


def train_step(state, x, y):
    def loss_fn(params):
        return jnp.mean((state.apply_fn(params, x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    return state.apply_gradients(grads), jax.lax.pmean(loss, state.axis_name)


mesh = Mesh(np.array(jax.devices()), ("data",))
params = {"w": jnp.zeros((32, 64)), "v": jnp.zeros((64, 8))}
state = DPTrainState.create(apply_fn=apply_fn, params=params, tx=optax.adamw(1e-3))
step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P())))
step.trace(state, jnp.zeros((16, 32)), jnp.zeros((16, 8))).lower(lowering_platforms=("cuda",))
