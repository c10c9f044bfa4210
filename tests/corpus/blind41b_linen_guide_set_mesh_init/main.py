"""Linen 'Scale up Flax modules' guide, updated to jax.set_mesh on JAX 0.10."""
import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))


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
        w2 = self.param(
            "W2",
            nn.with_partitioning(nn.initializers.xavier_normal(), ("model", None)),
            (self.depth, x.shape[-1]),
        )
        return jnp.dot(y, w2, out_sharding=P("data", None))


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


model = MLP(num_layers=2, depth=256)
optimizer = optax.adam(1e-3)
k = jax.random.key(0)

with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((16, 128)), P("data", None))
    abstract_variables = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
    state_sharding = nn.get_sharding(abstract_variables, mesh)
    jit_init_fn = jax.jit(init_fn, static_argnums=(2, 3), out_shardings=state_sharding)
    lowered = jit_init_fn.trace(k, x, model, optimizer).lower(lowering_platforms=("cuda",))
print("init lowered")
