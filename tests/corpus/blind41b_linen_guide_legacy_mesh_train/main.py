"""Linen 'Scale up Flax modules' guide as written (`with mesh:`), run on JAX 0.10's default mesh."""
import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec

mesh = jax.make_mesh((2, 2), ("data", "model"))


def mesh_sharding(pspec: PartitionSpec) -> NamedSharding:
    return NamedSharding(mesh, pspec)


class DotReluDot(nn.Module):
    depth: int

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(
            self.depth,
            kernel_init=nn.with_partitioning(nn.initializers.xavier_normal(), (None, "model")),
            use_bias=False,
        )(x)
        y = jax.nn.relu(y)
        y = jax.lax.with_sharding_constraint(y, mesh_sharding(PartitionSpec("data", "model")))
        w2 = self.param(
            "W2",
            nn.with_partitioning(nn.initializers.xavier_normal(), ("model", None)),
            (self.depth, x.shape[-1]),
        )
        z = jnp.dot(y, w2)
        return jax.lax.with_sharding_constraint(z, mesh_sharding(PartitionSpec("data", None)))


class MLP(nn.Module):
    num_layers: int
    depth: int

    @nn.compact
    def __call__(self, x):
        for _ in range(self.num_layers):
            x = DotReluDot(self.depth)(x)
        return x


def init_fn(k, x, model, optimizer):
    variables = model.init(k, x)
    return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"], tx=optimizer)


def train_step(state, x):
    def loss_unrolled(params):
        y = state.apply_fn({"params": params}, x)
        return y.sum()

    grads = jax.grad(loss_unrolled)(state.params)
    return state.apply_gradients(grads=grads)


model = MLP(num_layers=2, depth=256)
optimizer = optax.adam(1e-3)
k = jax.random.key(0)
x_sharding = mesh_sharding(PartitionSpec("data", None))
x = jax.device_put(jnp.ones((16, 128)), x_sharding)

abstract_variables = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
state_sharding = nn.get_sharding(abstract_variables, mesh)
with mesh:
    jit_init_fn = jax.jit(init_fn, static_argnums=(2, 3),
                          in_shardings=(mesh_sharding(PartitionSpec()), x_sharding),
                          out_shardings=state_sharding)
    initialized_state = jit_init_fn(k, x, model, optimizer)
    jit_train_step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding), out_shardings=state_sharding)
    lowered = jit_train_step.trace(initialized_state, x).lower(lowering_platforms=("cuda",))
print("train step lowered")
