"""Data-parallel step moved into shard_map, keeping the parallelism example's filter_shard calls."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",))
batch_sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())

model = eqx.nn.MLP(8, 8, 32, 2, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.sgd(1e-2)
opt_state = optim.init(params)


def loss_fn(params, x, y):
    m = eqx.combine(params, static)
    return jnp.mean((jax.vmap(m)(x) - y) ** 2)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P("batch"), P("batch")), out_specs=(P(), P()))
def step(params, opt_state, x, y):
    x, y = eqx.filter_shard((x, y), batch_sharding)
    grads = jax.lax.pmean(jax.grad(loss_fn)(params, x, y), "batch")
    updates, opt_state = optim.update(grads, opt_state)
    params = optax.apply_updates(params, updates)
    return eqx.filter_shard((params, opt_state), replicated)


x = jnp.ones((16, 8))
y = jnp.zeros((16, 8))
print(jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)) is not None)
