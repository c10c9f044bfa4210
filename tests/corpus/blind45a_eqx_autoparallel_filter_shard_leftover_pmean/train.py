import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax


def compute_loss(model, x, y):
  pred_y = jax.vmap(model)(x)
  return jnp.mean((y - pred_y) ** 2)


def make_train_step(optim, data_sharding, model_sharding):
  @eqx.filter_jit(donate="all")
  def train_step(model, opt_state, x, y):
    replicated = (model, opt_state)
    model, opt_state = eqx.filter_shard(replicated, model_sharding)
    x, y = eqx.filter_shard((x, y), data_sharding)

    grads = eqx.filter_grad(compute_loss)(model, x, y)
    grads = lax.pmean(grads, axis_name="batch")   # from the old filter_pmap version
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)

    model, opt_state = eqx.filter_shard((model, opt_state), model_sharding)
    return model, opt_state

  return train_step
