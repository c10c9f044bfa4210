import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec

device_mesh = np.array(jax.devices()).reshape(2, 2)
mesh = Mesh(devices=device_mesh, axis_names=("data", "model"))
rules = (("batch", "data"), ("hidden", "model"))


class LogicalDotReluDot(nn.Module):
    depth: int

    @nn.compact
    def __call__(self, x):
        W1 = self.param(
            "W1",
            nn.with_logical_partitioning(nn.initializers.xavier_normal(), ("embed", "hidden")),
            (x.shape[-1], self.depth),
        )
        y = jax.nn.relu(jnp.dot(x, W1))
        y = nn.with_logical_constraint(y, ("batch", "hidden"))
        W2 = self.param(
            "W2",
            nn.with_logical_partitioning(nn.initializers.xavier_normal(), ("hidden", "embed")),
            (self.depth, x.shape[-1]),
        )
        z = jnp.dot(y, W2)
        return nn.with_logical_constraint(z, ("batch", "embed"))


model = LogicalDotReluDot(1024)
optimizer = optax.adam(learning_rate=0.001)
x = jnp.ones((8, 256))
x_sharding = NamedSharding(mesh, PartitionSpec("data", None))


def init_fn(k, x, model, optimizer):
    variables = model.init(k, x)
    return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"], tx=optimizer)


with mesh, nn.logical_axis_rules(rules):
    abstract_state = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), jax.random.key(0), x)
    logical_spec = nn.get_partition_spec(abstract_state)
    state_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, rules)

    @functools.partial(jax.jit, in_shardings=(state_sharding, x_sharding), out_shardings=state_sharding)
    def train_step(state, x):
        def loss_unrolled(params):
            y = model.apply({"params": params}, x)
            return y.sum()

        grads = jax.grad(loss_unrolled)(state.params)
        return state.apply_gradients(grads=grads)

    lowered = train_step.trace(abstract_state, x).lower(lowering_platforms=("cuda",))
print("ok")
