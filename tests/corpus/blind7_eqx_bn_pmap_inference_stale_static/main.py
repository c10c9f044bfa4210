import equinox as eqx
import jax
import jax.numpy as jnp
import optax

BN_AXES = ('device', 'batch')


class ConvNet(eqx.Module):
  conv1: eqx.nn.Conv2d
  bn1: eqx.nn.BatchNorm
  conv2: eqx.nn.Conv2d
  bn2: eqx.nn.BatchNorm
  head: eqx.nn.Linear

  def __init__(self, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.conv1 = eqx.nn.Conv2d(3, 16, 3, padding=1, key=k1)
    self.bn1 = eqx.nn.BatchNorm(16, axis_name=BN_AXES, mode='batch')
    self.conv2 = eqx.nn.Conv2d(16, 32, 3, stride=2, padding=1, key=k2)
    self.bn2 = eqx.nn.BatchNorm(32, axis_name=BN_AXES, mode='batch')
    self.head = eqx.nn.Linear(32, 10, key=k3)

  def __call__(self, x, state):
    x, state = self.bn1(self.conv1(x), state)
    x = jax.nn.relu(x)
    x, state = self.bn2(self.conv2(x), state)
    x = jax.nn.relu(x).mean(axis=(1, 2))
    return self.head(x), state


optim = optax.sgd(0.1, momentum=0.9)


def batched(model):
  return jax.vmap(model, axis_name='batch', in_axes=(0, None), out_axes=(0, None))


@eqx.filter_pmap(axis_name='device', in_axes=(None, 0, 0, 0, 0, 0), out_axes=0)
def train_step(static, params, state, opt_state, x, y):
  def loss_fn(params, state):
    model = eqx.combine(params, static)
    logits, state = batched(model)(x, state)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), state

  (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(params, state)
  grads = jax.lax.pmean(grads, 'device')
  updates, opt_state = optim.update(grads, opt_state, params)
  return eqx.apply_updates(params, updates), state, opt_state, jax.lax.pmean(loss, 'device')


@eqx.filter_jit
def evaluate(model, state, x, y):
  logits, _ = batched(model)(x, state)
  return jnp.mean(jnp.argmax(logits, -1) == y)


def main():
  n = jax.local_device_count()
  model, state = eqx.nn.make_with_state(ConvNet)(jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  opt_state = optim.init(params)
  rep = lambda t: jax.tree.map(lambda a: jnp.broadcast_to(a, (n,) + a.shape), t)

  x = jnp.zeros((n, 8, 3, 32, 32))
  y = jnp.zeros((n, 8), jnp.int32)
  step = jax.jit(lambda *a: train_step(static, *a))
  step.trace(rep(params), rep(state), rep(opt_state), x, y).lower(lowering_platforms=('cuda',))

  eval_params, _ = eqx.partition(eqx.nn.inference_mode(model), eqx.is_array)
  ev = jax.jit(lambda p, s, x, y: evaluate(eqx.combine(p, static), s, x, y))
  ev.trace(eval_params, state, x[0], y[0]).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
