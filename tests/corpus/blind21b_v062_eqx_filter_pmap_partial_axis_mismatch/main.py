import functools

import equinox as eqx
import jax
import jax.numpy as jnp

from sync import allreduce_grads


@functools.partial(eqx.filter_pmap, axis_name="i")
def update(model, x, y):
  def loss(m):
    return jnp.mean((jax.vmap(m)(x) - y) ** 2)

  grads = eqx.filter_grad(loss)(model)
  grads = allreduce_grads(grads)
  return eqx.apply_updates(model, jax.tree.map(lambda g: -0.01 * g, grads))


def main():
  n = jax.local_device_count()
  keys = jax.random.split(jax.random.key(0), n)
  models = eqx.filter_vmap(lambda k: eqx.nn.Linear(6, 1, key=k))(keys)
  params, static = eqx.partition(models, eqx.is_array)
  run = jax.jit(lambda p, x, y: eqx.filter(update(eqx.combine(p, static), x, y), eqx.is_array))
  run.trace(params, jnp.ones((n, 8, 6)), jnp.ones((n, 8, 1))).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
