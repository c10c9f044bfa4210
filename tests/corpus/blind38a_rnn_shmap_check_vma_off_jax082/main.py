"""Equinox "Train RNN" example, data-parallel with shard_map on JAX 0.8: each device folds
its index into the dropout key so shards drop different units."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from rnn.model import RNN

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Explicit,))
model = RNN(2, 1, 16, key=jr.PRNGKey(5678))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adam(3e-3)
opt_state = optim.init(params)


def step(params, opt_state, x, y, key):
    key = jr.fold_in(key, jax.lax.axis_index("data"))
    keys = jr.split(key, x.shape[0])

    def compute_loss(p):
        m = eqx.combine(p, static)
        pred_y = jax.vmap(m)(x, keys)[:, 0]
        return -jnp.mean(y * jnp.log(pred_y) + (1 - y) * jnp.log(1 - pred_y))

    loss, grads = jax.value_and_grad(compute_loss)(params)
    loss, grads = jax.lax.pmean((loss, grads), "data")
    updates, opt_state = optim.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


step = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(), P("data"), P("data"), P()),
                     out_specs=(P(), P(), P()), check_vma=False)

with jax.set_mesh(mesh):
    params, opt_state = jax.device_put((params, opt_state), P())
    x = jax.device_put(jnp.ones((32, 16, 2)), P("data"))
    y = jax.device_put(jnp.ones((32,)), P("data"))
    key = jax.device_put(jr.PRNGKey(0), P())
    lowered = jax.jit(step).trace(params, opt_state, x, y, key).lower(lowering_platforms=("cuda",))
print("ok")
