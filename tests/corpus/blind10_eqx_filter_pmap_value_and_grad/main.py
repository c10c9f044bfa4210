import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class Trainer:
  axis = 'device'

  def __init__(self, model, tx):
    self.tx = tx
    self.params, self.static = eqx.partition(model, eqx.is_inexact_array)

  def loss(self, params, x, y):
    model = eqx.combine(params, self.static)
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)

  def build_step(self):
    @eqx.filter_pmap(axis_name=self.axis, in_axes=(0, 0, 0, 0))
    def step(params, opt_state, x, y):
      loss, grads = eqx.filter_value_and_grad(self.loss)(params, x, y)
      grads = jax.lax.pmean(grads, self.axis)
      updates, opt_state = self.tx.update(grads, opt_state, params)
      return eqx.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, self.axis)
    return step


def main():
  model = eqx.nn.MLP(8, 2, 32, 3, key=jax.random.key(0))
  tx = optax.adamw(1e-3)
  trainer = Trainer(model, tx)
  opt_state = tx.init(trainer.params)
  n = jax.local_device_count()
  rep = lambda t: jax.tree.map(lambda a: jnp.broadcast_to(a, (n,) + jnp.shape(a)), t)
  step = trainer.build_step()
  x = jnp.ones((n, 16, 8))
  y = jnp.zeros((n, 16, 2))
  jax.jit(lambda *args: step(*args)).trace(rep(trainer.params), rep(opt_state), x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
