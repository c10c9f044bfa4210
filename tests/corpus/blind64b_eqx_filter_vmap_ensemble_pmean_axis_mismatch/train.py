import equinox as eqx
import jax.numpy as jnp
import optax

optimizer = optax.adamw(3e-4)


def ensemble_loss(ensemble, x, y):
  per_member = eqx.filter_vmap(
      lambda m, x, y: m.distill_loss(x, y, 0.1),
      in_axes=(eqx.if_array(0), None, None),
      axis_name="members",
  )(ensemble, x, y)
  return jnp.sum(per_member)


@eqx.filter_jit
def train_step(ensemble, opt_state, x, y):
  loss, grads = eqx.filter_value_and_grad(ensemble_loss)(ensemble, x, y)
  updates, opt_state = optimizer.update(grads, opt_state, eqx.filter(ensemble, eqx.is_array))
  ensemble = eqx.apply_updates(ensemble, updates)
  return ensemble, opt_state, loss
