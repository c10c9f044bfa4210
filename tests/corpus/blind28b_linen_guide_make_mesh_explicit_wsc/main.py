"""Linen DotReluDot with explicit NamedSharding constraints; mesh from jax.make_mesh."""
import functools
from typing import Callable

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state
from jax.lax import with_sharding_constraint
from jax.sharding import NamedSharding, PartitionSpec

mesh = jax.make_mesh((2, 2), ("data", "model"))


def mesh_sharding(pspec: PartitionSpec) -> NamedSharding:
    return NamedSharding(mesh, pspec)


class DotReluDot(nn.Module):
    depth: int
    dense_init: Callable = nn.initializers.xavier_normal()

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.depth, kernel_init=nn.with_partitioning(self.dense_init, (None, "model")),
                     use_bias=False)(x)
        y = jax.nn.relu(y)
        y = with_sharding_constraint(y, mesh_sharding(PartitionSpec("data", "model")))
        W2 = self.param("W2", nn.with_partitioning(self.dense_init, ("model", None)),
                        (self.depth, x.shape[-1]))
        z = jnp.dot(y, W2)
        z = with_sharding_constraint(z, mesh_sharding(PartitionSpec("data", None)))
        return z


model = DotReluDot(depth=64)
optimizer = optax.sgd(learning_rate=0.1)


def init_fn(k, x, model, optimizer):
    variables = model.init(k, x)
    return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"], tx=optimizer)


x_sharding = mesh_sharding(PartitionSpec("data", None))
x = jax.device_put(jnp.ones((8, 32)), x_sharding)
k = jax.random.key(0)

abstract_variables = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
state_sharding = nn.get_sharding(abstract_variables, mesh)
jit_init_fn = jax.jit(init_fn, static_argnums=(2, 3),
                      in_shardings=(mesh_sharding(PartitionSpec()), x_sharding),
                      out_shardings=state_sharding)
lowered = jit_init_fn.trace(k, x, model, optimizer).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
