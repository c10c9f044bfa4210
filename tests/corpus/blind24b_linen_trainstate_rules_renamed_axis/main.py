import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import linen as nn
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import config


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.Dense(128, kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("embed", "mlp")))(x)
        return nn.Dense(10, kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("mlp", "vocab")))(nn.relu(h))


def create_state(rng, x, model, tx):
    params = model.init(rng, x)["params"]
    return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


devices = np.array(jax.devices()).reshape(2, 2)
mesh = Mesh(devices, config.MESH_AXES)
model = MLP()
tx = optax.adamw(1e-3)
x = jnp.ones((8, 32))
labels = jnp.zeros((8,), jnp.int32)

abstract_state = jax.eval_shape(functools.partial(create_state, model=model, tx=tx), jax.random.PRNGKey(0), x)
state_spec = nn.get_partition_spec(abstract_state)
state_sharding = nn.logical_to_mesh_sharding(state_spec, mesh, config.LOGICAL_AXIS_RULES)
data_sharding = NamedSharding(mesh, P("data"))


def train_step(state, x, labels):
    def loss_fn(params):
        logits = state.apply_fn({"params": params}, x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    grads = jax.grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads)


jit_step = jax.jit(train_step, in_shardings=(state_sharding, data_sharding, data_sharding),
                   out_shardings=state_sharding, donate_argnums=0)
lowered = jit_step.trace(abstract_state, x, labels).lower(lowering_platforms=("cuda",))
print("ok")
