import equinox as eqx
import jax
import jax.numpy as jnp
import optax


def make_train_step(optim, data_sharding, model_sharding):
  @eqx.filter_jit
  def train_step(model, opt_state, x, y):
    x, y = eqx.filter_shard((x, y), data_sharding)
    model = eqx.filter_shard(model, model_sharding)

    def loss_fn(model):
      return optax.sigmoid_binary_cross_entropy(jax.vmap(model)(x)[:, 0], y).mean()

    loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    model = eqx.filter_shard(model, model_sharding)
    return model, opt_state, loss

  return train_step
