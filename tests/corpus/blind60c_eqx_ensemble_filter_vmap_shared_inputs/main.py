"""Deep ensemble of MLP regressors, trained jointly with eqx.filter_vmap."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

ENSEMBLE_SIZE = 5


@eqx.filter_vmap
def make_ensemble(key):
  return eqx.nn.MLP(4, 1, 64, 3, activation=jax.nn.gelu, key=key)


def member_loss(member, x, y):
  pred = jax.vmap(member)(x)
  return jnp.mean((pred - y) ** 2)


def ensemble_loss(ensemble, x, y):
  # every member sees the same minibatch
  losses = eqx.filter_vmap(member_loss, in_axes=(eqx.if_array(0), None, None))(ensemble, x, y)
  return jnp.sum(losses)


class Trainer:
  def __init__(self, lr):
    self.optim = optax.adamw(lr)

  def step(self, ensemble, opt_state, x, y):
    loss, grads = eqx.filter_value_and_grad(ensemble_loss)(ensemble, x, y)
    updates, opt_state = self.optim.update(grads, opt_state, eqx.filter(ensemble, eqx.is_array))
    ensemble = eqx.apply_updates(ensemble, updates)
    return ensemble, opt_state, loss


def main():
  keys = jax.random.split(jax.random.PRNGKey(0), ENSEMBLE_SIZE)
  ensemble = make_ensemble(keys)
  trainer = Trainer(1e-3)
  params, static = eqx.partition(ensemble, eqx.is_array)
  opt_state = trainer.optim.init(params)

  @jax.jit
  def train_step(params, opt_state, x, y):
    ens, opt_state, loss = trainer.step(eqx.combine(params, static), opt_state, x, y)
    return eqx.filter(ens, eqx.is_array), opt_state, loss

  x = jax.ShapeDtypeStruct((32, 4), jnp.float32)
  y = jax.ShapeDtypeStruct((32, 1), jnp.float32)
  train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
