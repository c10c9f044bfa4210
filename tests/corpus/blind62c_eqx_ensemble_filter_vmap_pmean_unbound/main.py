"""Deep ensemble trained jointly (Equinox "model ensembles" pattern: eqx.filter_vmap over a
stacked model). Each member is pulled toward the ensemble mean (negative-correlation learning)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

ENSEMBLE = 8


@eqx.filter_vmap
def make_ensemble(key):
  return eqx.nn.MLP(2, 1, 32, 2, activation=jax.nn.tanh, key=key)


def member_loss(model, x, y, lam=0.5):
  pred = jax.vmap(model)(x)
  ens_mean = jax.lax.pmean(pred, axis_name="ensemble")
  mse = jnp.mean((pred - y) ** 2)
  diversity = -jnp.mean((pred - jax.lax.stop_gradient(ens_mean)) ** 2)
  return mse + lam * diversity


def make_train_step(optim):
  @eqx.filter_vmap(in_axes=(eqx.if_array(0), eqx.if_array(0), None, None))
  def member_step(model, opt_state, x, y):
    loss, grads = eqx.filter_value_and_grad(member_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    return eqx.apply_updates(model, updates), opt_state, loss

  return member_step


def main():
  ensemble = make_ensemble(jax.random.split(jax.random.key(0), ENSEMBLE))
  optim = optax.adam(1e-3)
  opt_state = eqx.filter_vmap(lambda m: optim.init(eqx.filter(m, eqx.is_array)))(ensemble)
  member_step = make_train_step(optim)
  params, static = eqx.partition(ensemble, eqx.is_array)

  def step(params, opt_state, x, y):
    ensemble, opt_state, loss = member_step(eqx.combine(params, static), opt_state, x, y)
    return eqx.filter(ensemble, eqx.is_array), opt_state, loss.mean()

  x = jnp.ones((64, 2))
  y = jnp.zeros((64, 1))
  jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
