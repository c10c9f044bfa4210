"""Linen 'Scale up on multiple devices' guide, logical-axis version: init and train under jit
with logical_to_mesh_sharding out_shardings."""
import functools
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec

rules = (("batch", "data"), ("hidden", "model"), ("embed", None))
mesh = Mesh(devices=np.asarray(jax.devices()).reshape(2, 2), axis_names=("data", "model"))


class LogicalDotReluDot(nn.Module):
    depth: int
    dense_init: Callable = nn.initializers.xavier_normal()

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(
            self.depth,
            kernel_init=nn.with_logical_partitioning(self.dense_init, ("embed", "hidden")),
            use_bias=False,
        )(x)
        y = jax.nn.relu(y)
        y = nn.with_logical_constraint(y, ("batch", "hidden"))
        w2 = self.param("W2", nn.with_logical_partitioning(self.dense_init, ("hidden", "embed")),
                        (self.depth, x.shape[-1]))
        z = jnp.dot(y, w2)
        return nn.with_logical_constraint(z, ("batch", "embed"))


model = LogicalDotReluDot(depth=64)
optimizer = optax.adamw(learning_rate=1e-3)


def init_fn(k, x, model, optimizer):
    variables = model.init(k, x)
    return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"], tx=optimizer)


def train_step(state, x):
    def loss_unrolled(params):
        y = state.apply_fn({"params": params}, x)
        return y.sum()

    grad_fn = jax.grad(loss_unrolled)
    grads = grad_fn(state.params)
    return state.apply_gradients(grads=grads)


k = jax.random.key(0)
x = jnp.ones((8, 32))
x_sharding = NamedSharding(mesh, PartitionSpec("data", None))

with mesh, nn.logical_axis_rules(rules):
    abstract_variables = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
    logical_spec = nn.get_partition_spec(abstract_variables)
    state_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, rules)
    jit_init_fn = jax.jit(init_fn, static_argnums=(2, 3),
                          in_shardings=(NamedSharding(mesh, PartitionSpec()), x_sharding),
                          out_shardings=state_sharding)
    state = jit_init_fn(k, x, model, optimizer)
    jit_step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding), out_shardings=state_sharding)
    lowered = jit_step.trace(state, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
