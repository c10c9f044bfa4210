import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec

mesh = jax.make_mesh((2, 2), ("data", "model"))

rules = (("batch", "data"), ("hidden", "model"))


class DotReluDot(nn.Module):
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
        return jnp.dot(y, W2)


model = DotReluDot(128)
optimizer = optax.sgd(0.01)
x = jnp.ones((8, 64))


def init_fn(k, x, model, optimizer):
    variables = model.init(k, x)
    return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"], tx=optimizer)


abstract_variables = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), jax.random.key(0), x)
logical_state_spec = nn.get_partition_spec(abstract_variables)
state_sharding = nn.logical_to_mesh_sharding(logical_state_spec, mesh, rules)
x_sharding = NamedSharding(mesh, PartitionSpec("data", None))

jit_init = jax.jit(init_fn, static_argnums=(2, 3), in_shardings=(NamedSharding(mesh, PartitionSpec()), x_sharding), out_shardings=state_sharding)


@functools.partial(jax.jit, in_shardings=(state_sharding, x_sharding), out_shardings=state_sharding)
def train_step(state, x):
    def loss_fn(params):
        y = state.apply_fn({"params": params}, x)
        return jnp.mean(y ** 2)

    grads = jax.grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads)


with mesh, nn.logical_axis_rules(rules):
    init_lowered = jit_init.trace(jax.random.key(0), x, model, optimizer).lower(lowering_platforms=("cuda",))
    step_lowered = train_step.trace(abstract_variables, x).lower(lowering_platforms=("cuda",))
print("lowered init and step")
