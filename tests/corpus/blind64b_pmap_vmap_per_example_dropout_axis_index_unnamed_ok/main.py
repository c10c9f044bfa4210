import functools

import jax
import jax.numpy as jnp
from jax import lax

import layers

LR = 1e-3


def loss_fn(params, x, y, key):
  pred = jax.vmap(layers.mlp, in_axes=(None, 0, None), axis_name="batch")(params, x, key)
  return jnp.mean((pred - y) ** 2)


@functools.partial(jax.pmap, axis_name="devices", in_axes=(None, 0, 0, None))
def update(params, x, y, key):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y, key)
  grads = lax.pmean(grads, "devices")
  params = jax.tree.map(lambda p, g: p - LR * g, params, grads)
  return params, lax.pmean(loss, "devices")


def main():
  params = layers.init_mlp(jax.random.PRNGKey(0), [32, 128, 128, 1])
  n = jax.local_device_count()
  x = jnp.zeros((n, 16, 32))
  y = jnp.zeros((n, 16, 1))
  key = jax.random.PRNGKey(1)
  jax.jit(update).trace(params, x, y, key).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
