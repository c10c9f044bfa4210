import equinox as eqx
import jax
import jax.numpy as jnp


def compute_loss(model, x, y):
  pred_y = jax.vmap(model)(x)
  return jnp.mean((y - pred_y) ** 2)


def make_train_step(optim):
  @eqx.filter_jit
  def train_step(model, opt_state, x, y, sharding):
    replicated = jax.sharding.NamedSharding(sharding.mesh, jax.sharding.PartitionSpec())
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)
    loss, grads = eqx.filter_value_and_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state, loss
  return train_step
