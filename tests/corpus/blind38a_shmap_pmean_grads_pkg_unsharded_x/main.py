import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

from mlptrain.model import Regressor
from mlptrain.step import make_train_step

mesh = jax.make_mesh((4,), ("data",))

model = Regressor(8, 2, 64, 2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adamw(1e-3)
opt_state = optim.init(params)

train_step = make_train_step(optim)


def sharded_step(params, opt_state, x, y):
    return train_step(params, static, opt_state, x, y)


sharded_step = jax.shard_map(
    sharded_step,
    mesh=mesh,
    in_specs=(P(), P(), P("data"), P("data")),
    out_specs=(P(), P(), P()),
)

x = jnp.ones((32, 8))
y = jnp.zeros((32, 2))
lowered = jax.jit(sharded_step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:60])
