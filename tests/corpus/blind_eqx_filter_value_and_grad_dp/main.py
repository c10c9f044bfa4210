"""Equinox data-parallel training: `from equinox import filter_jit, filter_value_and_grad`;
the step shard_maps the batch over `dp`, pmeans loss and grads, and applies optax updates."""
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from equinox import filter_jit, filter_value_and_grad, nn, partition, combine, is_array, apply_updates
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ("dp",))
model = nn.MLP(8, 1, 32, 2, key=jr.key(0))
opt = optax.adam(1e-3)
params, static = partition(model, is_array)
opt_state = opt.init(params)


@filter_value_and_grad
def loss_fn(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def local_step(params, opt_state, x, y):
    loss, grads = loss_fn(combine(params, static), x, y)
    grads = jax.lax.pmean(grads, "dp")
    updates, opt_state = opt.update(grads, opt_state)
    return apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "dp")


@filter_jit
def train_step(params, opt_state, x, y):
    return jax.shard_map(local_step, mesh=mesh, in_specs=(P(), P(), P("dp"), P("dp")),
                         out_specs=(P(), P(), P()))(params, opt_state, x, y)


train_step.lower(params, opt_state, jnp.ones((64, 8)), jnp.ones((64, 1)))
