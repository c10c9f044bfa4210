import argparse
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax

AXIS = "devices"


class ConvNet(eqx.Module):
  layers: list

  def __init__(self, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.layers = [
        eqx.nn.Conv2d(1, 16, 3, padding=1, key=k1),
        jax.nn.relu,
        eqx.nn.MaxPool2d(2, 2),
        eqx.nn.Conv2d(16, 32, 3, padding=1, key=k2),
        jax.nn.relu,
        eqx.nn.MaxPool2d(2, 2),
        jnp.ravel,
        eqx.nn.Linear(32 * 7 * 7, 10, key=k3),
    ]

  def __call__(self, x):
    for layer in self.layers:
      x = layer(x)
    return x


def loss_fn(model, x, y):
  logits = jax.vmap(model)(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def make_step(optim):
  @functools.partial(eqx.filter_pmap, axis_name=AXIS)
  def step(model, opt_state, x, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    grads = lax.pmean(grads, AXIS)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    return eqx.apply_updates(model, updates), opt_state, lax.pmean(loss, AXIS)

  return step


def main():
  ap = argparse.ArgumentParser()
  ap.add_argument("--per_device_batch", type=int, default=16)
  ap.add_argument("--lr", type=float, default=1e-3)
  args = ap.parse_args()
  n = jax.local_device_count()
  model = ConvNet(jax.random.key(0))
  optim = optax.adabelief(args.lr)
  opt_state = optim.init(eqx.filter(model, eqx.is_array))
  params, static = eqx.partition(model, eqx.is_array)
  rep = lambda t: jax.tree.map(lambda a: jnp.broadcast_to(a, (n, *a.shape)), t)
  params_r, opt_r = rep(params), rep(opt_state)
  step = make_step(optim)

  def one_step(params, opt_state, x, y):
    model, opt_state, loss = step(eqx.combine(params, static), opt_state, x, y)
    return eqx.filter(model, eqx.is_array), opt_state, loss

  x = jnp.zeros((n, args.per_device_batch, 1, 28, 28))
  y = jnp.zeros((n, args.per_device_batch), jnp.int32)
  jax.jit(one_step).trace(params_r, opt_r, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
