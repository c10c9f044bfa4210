import equinox as eqx
import jax
import jax.numpy as jnp

from config import ParallelConfig

CFG = ParallelConfig()


class Net(eqx.Module):
  lin1: eqx.nn.Linear
  bn: eqx.nn.BatchNorm
  lin2: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.lin1 = eqx.nn.Linear(8, 32, key=k1)
    self.bn = eqx.nn.BatchNorm(32, axis_name=CFG.batch_axis)
    self.lin2 = eqx.nn.Linear(32, 1, key=k2)

  def __call__(self, x, state):
    h = jax.nn.relu(self.lin1(x))
    h, state = self.bn(h, state)
    return self.lin2(h), state


def loss_fn(model, state, x, y):
  pred, state = eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None),
                                axis_name=CFG.batch_axis)(x, state)
  loss = jnp.mean((pred[:, 0] - y) ** 2)
  return loss, state


@eqx.filter_jit
def train_step(model, state, x, y):
  (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model, state, x, y)
  model = eqx.apply_updates(model, jax.tree.map(lambda g: -1e-2 * g, grads))
  return model, state, loss


def main():
  model, state = eqx.nn.make_with_state(Net)(jax.random.key(0))
  x = jnp.ones((16, 8))
  y = jnp.zeros((16,))
  params, static = eqx.partition(model, eqx.is_array)

  def step(params, state, x, y):
    m, s, l = train_step(eqx.combine(params, static), state, x, y)
    return eqx.filter(m, eqx.is_array), s, l

  jax.jit(step).trace(params, state, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
