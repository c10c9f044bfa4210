import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

from losses import mse
from parallel import make_shardings, shard_batch

replicated, data_sharding = make_shardings("batch")


@eqx.filter_jit(donate="all-except-first")
def train_step(model, opt_state, x, y, sharding):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = shard_batch((x, y), sharding)

    loss, grads = eqx.filter_value_and_grad(mse)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_inexact_array))
    model = eqx.apply_updates(model, updates)

    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state, loss


model = eqx.nn.MLP(in_size=8, out_size=1, width_size=32, depth=2, key=jr.PRNGKey(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
model, opt_state = eqx.filter_shard((model, opt_state), replicated)

x = jnp.ones((16, 8))
y = jnp.ones((16, 1))
x, y = eqx.filter_shard((x, y), data_sharding)

train_step.lower(model, opt_state, x, y, data_sharding)
