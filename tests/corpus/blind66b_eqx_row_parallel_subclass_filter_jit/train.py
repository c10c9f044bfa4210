import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from parallel import shard_model


def make_train_step(mesh, optim):

  @eqx.filter_jit
  def train_step(model, opt_state, x, y):
    model = shard_model(model, mesh)

    @eqx.filter_value_and_grad
    def loss_fn(model):
      pred = jax.vmap(model)(x)
      return jnp.mean((pred - y) ** 2)

    loss, grads = loss_fn(model)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return loss, model, opt_state

  return train_step
