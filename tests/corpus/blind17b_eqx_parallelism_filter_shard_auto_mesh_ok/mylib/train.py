import equinox as eqx
import jax
import jax.numpy as jnp
import optax

optim = optax.adam(1e-3)


@eqx.filter_value_and_grad
def compute_loss(model, x, y):
  pred_y = jax.vmap(model)(x)
  return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit
def train_step(model, opt_state, x, y, sharding):
  replicated = jax.sharding.NamedSharding(sharding.mesh, jax.sharding.PartitionSpec())
  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  x, y = eqx.filter_shard((x, y), sharding)

  loss, grads = compute_loss(model, x, y)
  updates, opt_state = optim.update(grads, opt_state)
  model = eqx.apply_updates(model, updates)

  model, opt_state = eqx.filter_shard((model, opt_state), replicated)
  return model, opt_state, loss
