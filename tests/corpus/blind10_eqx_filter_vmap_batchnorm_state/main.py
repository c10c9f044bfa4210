import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class Model(eqx.Module):
  norm: eqx.nn.BatchNorm
  linear1: eqx.nn.Linear
  linear2: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.linear1 = eqx.nn.Linear(3, 32, key=k1)
    self.norm = eqx.nn.BatchNorm(input_size=32, axis_name='batch')
    self.linear2 = eqx.nn.Linear(32, 3, key=k2)

  def __call__(self, x, state):
    x = self.linear1(x)
    x, state = self.norm(x, state)
    x = jax.nn.relu(x)
    return self.linear2(x), state


def compute_loss(model, state, xs, ys):
  batch_model = eqx.filter_vmap(model, axis_name='batch', in_axes=(0, None), out_axes=(0, None))
  pred, state = batch_model(xs, state)
  return jnp.mean((pred - ys) ** 2), state


optim = optax.adam(3e-4)


@eqx.filter_jit
def make_step(model, state, opt_state, xs, ys):
  grads, state = eqx.filter_grad(compute_loss, has_aux=True)(model, state, xs, ys)
  updates, opt_state = optim.update(grads, opt_state)
  return eqx.apply_updates(model, updates), state, opt_state


def main():
  model, state = eqx.nn.make_with_state(Model)(jax.random.key(0))
  opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
  params, static = eqx.partition(model, eqx.is_array)
  step = jax.jit(lambda p, s, o, x, y: eqx.filter(make_step(eqx.combine(p, static), s, o, x, y),
                                                  eqx.is_array))
  xs = jnp.ones((16, 3))
  step.trace(params, state, opt_state, xs, xs).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
