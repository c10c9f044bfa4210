import functools

import jax
import jax.numpy as jnp


def loss(params, x, y):
  w, b = params
  return jnp.mean((x @ w + b - y) ** 2)


def update(params, x, y, *, axis, lr=0.05):
  grads = jax.grad(loss)(params, x, y)
  grads = jax.lax.pmean(grads, axis_name=axis)
  return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def main():
  n = jax.local_device_count()
  p_update = jax.pmap(functools.partial(update, axis='device'), axis_name='devices')
  params = (jnp.zeros((n, 3, 1)), jnp.zeros((n, 1)))
  x = jnp.ones((n, 16, 3))
  y = jnp.ones((n, 16, 1))
  jax.jit(p_update).trace(params, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
