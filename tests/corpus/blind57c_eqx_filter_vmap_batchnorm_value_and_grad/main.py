import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class ConvNet(eqx.Module):
  lin1: eqx.nn.Linear
  bn: eqx.nn.BatchNorm
  lin2: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.lin1 = eqx.nn.Linear(32, 64, key=k1)
    self.bn = eqx.nn.BatchNorm(64, axis_name="batch")
    self.lin2 = eqx.nn.Linear(64, 10, key=k2)

  def __call__(self, x, state):
    x = jax.nn.relu(self.lin1(x))
    x, state = self.bn(x, state)
    return self.lin2(x), state


def loss(model, state, xs, ys):
  batch_model = eqx.filter_vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))
  logits, state = batch_model(xs, state)
  return optax.softmax_cross_entropy_with_integer_labels(logits, ys).mean(), state


optim = optax.adam(1e-3)


@eqx.filter_jit
def make_step(model, state, opt_state, xs, ys):
  (value, state), grads = eqx.filter_value_and_grad(loss, has_aux=True)(model, state, xs, ys)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  return model, state, opt_state, value


def main():
  model, state = eqx.nn.make_with_state(ConvNet)(jax.random.PRNGKey(0))
  opt_state = optim.init(eqx.filter(model, eqx.is_array))
  xs, ys = jnp.ones((16, 32)), jnp.zeros((16,), jnp.int32)
  params, static = eqx.partition(model, eqx.is_array)

  def step(params, state, opt_state, xs, ys):
    return make_step(eqx.combine(params, static), state, opt_state, xs, ys)[3]

  jax.jit(step).trace(params, state, opt_state, xs, ys).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
