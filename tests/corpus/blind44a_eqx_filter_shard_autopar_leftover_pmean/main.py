import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

import parallel


@eqx.filter_value_and_grad
def compute_loss(model, x, y):
  pred_y = jax.vmap(model)(x)
  return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y, replicated, sharded):
  model, opt_state = parallel.shard((model, opt_state), replicated)
  x, y = parallel.shard((x, y), sharded)
  loss, grads = compute_loss(model, x, y)
  grads = parallel.sync_grads(grads)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  model, opt_state = parallel.shard((model, opt_state), replicated)
  return model, opt_state, loss


model = eqx.nn.MLP(in_size=8, out_size=1, width_size=64, depth=2, key=jr.PRNGKey(0))
optim = optax.adamw(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
replicated, sharded = parallel.make_shardings()
params, static = eqx.partition(model, eqx.is_array)


def step(params, opt_state, x, y):
  model, opt_state, loss = train_step(eqx.combine(params, static), opt_state, x, y,
                                      replicated, sharded)
  return eqx.filter(model, eqx.is_array), opt_state, loss


x = jnp.ones((64, 8))
y = jnp.zeros((64, 1))
print(jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
