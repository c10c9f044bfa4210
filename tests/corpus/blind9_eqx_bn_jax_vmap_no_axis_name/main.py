import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class ResBlock(eqx.Module):
  conv1: eqx.nn.Conv2d
  bn1: eqx.nn.BatchNorm
  conv2: eqx.nn.Conv2d
  bn2: eqx.nn.BatchNorm

  def __init__(self, channels, *, key):
    k1, k2 = jax.random.split(key)
    self.conv1 = eqx.nn.Conv2d(channels, channels, 3, padding=1, use_bias=False, key=k1)
    self.bn1 = eqx.nn.BatchNorm(channels, axis_name='batch', mode='batch')
    self.conv2 = eqx.nn.Conv2d(channels, channels, 3, padding=1, use_bias=False, key=k2)
    self.bn2 = eqx.nn.BatchNorm(channels, axis_name='batch', mode='batch')

  def __call__(self, x, state):
    y, state = self.bn1(self.conv1(x), state)
    y, state = self.bn2(self.conv2(jax.nn.relu(y)), state)
    return jax.nn.relu(x + y), state


class Net(eqx.Module):
  stem: eqx.nn.Conv2d
  block: ResBlock
  head: eqx.nn.Linear

  def __init__(self, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.stem = eqx.nn.Conv2d(3, 16, 3, padding=1, key=k1)
    self.block = ResBlock(16, key=k2)
    self.head = eqx.nn.Linear(16, 10, key=k3)

  def __call__(self, x, state):
    x, state = self.block(self.stem(x), state)
    return self.head(x.mean(axis=(1, 2))), state


optim = optax.sgd(0.05, momentum=0.9)


def loss_fn(model, state, x, y):
  logits, state = jax.vmap(model, in_axes=(0, None), out_axes=(0, None))(x, state)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), state


@eqx.filter_jit
def train_step(model, state, opt_state, x, y):
  (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model, state, x, y)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  return eqx.apply_updates(model, updates), state, opt_state, loss


if __name__ == '__main__':
  mesh = jax.make_mesh((4,), ('dp',), axis_types=(jax.sharding.AxisType.Auto,))
  model, state = eqx.nn.make_with_state(Net)(jax.random.key(0))
  opt_state = optim.init(eqx.filter(model, eqx.is_array))
  arrays, static = eqx.partition((model, state, opt_state), eqx.is_array)
  x = jax.device_put(jnp.zeros((16, 3, 16, 16)), jax.NamedSharding(mesh, jax.P('dp')))
  y = jax.device_put(jnp.zeros((16,), jnp.int32), jax.NamedSharding(mesh, jax.P('dp')))
  step = jax.jit(lambda a, x, y: eqx.filter(train_step(*eqx.combine(a, static), x, y), eqx.is_array))
  step.trace(arrays, x, y).lower(lowering_platforms=('cuda',))
