import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from parallel import param_specs, shard_model, tp_apply


def make_train_step(mesh, optim):

  @eqx.filter_jit
  def train_step(model, opt_state, x, y):
    model = shard_model(model, mesh)
    params, static = eqx.partition(model, eqx.is_array)
    forward = tp_apply(mesh, static, param_specs(params))

    @jax.value_and_grad
    def loss_fn(params):
      pred = forward(params, x)
      return jnp.mean((pred - y) ** 2)

    loss, grads = loss_fn(params)
    updates, opt_state = optim.update(grads, opt_state, params)
    model = eqx.combine(eqx.apply_updates(params, updates), static)
    return loss, model, opt_state

  return train_step
