import jax
import jax.numpy as jnp
import optax

from critic import CriticEnsemble


def main():
  critic = CriticEnsemble()
  obs, act = jnp.ones((16, 11)), jnp.ones((16, 3))
  params = critic.init(jax.random.key(0), obs, act)
  tx = optax.adam(3e-4)
  opt_state = tx.init(params)

  @jax.jit
  def update(params, opt_state, obs, act, target):
    def loss_fn(p):
      q = critic.apply(p, obs, act)
      return jnp.mean((q - target[None]) ** 2)
    loss, g = jax.value_and_grad(loss_fn)(params)
    upd, opt_state = tx.update(g, opt_state)
    return optax.apply_updates(params, upd), opt_state, loss

  update.trace(params, opt_state, obs, act, jnp.zeros((16,))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
