import functools

import equinox as eqx
import jax
import jax.numpy as jnp

n_dev = 4
mlp = eqx.nn.MLP(2, 1, 8, 1, key=jax.random.key(0))
params, static = eqx.partition(mlp, eqx.is_array)


def loss(params, x, y):
  model = eqx.combine(params, static)
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@functools.partial(jax.pmap, axis_name='batch')
def update(params, x, y):
  l, g = jax.value_and_grad(loss)(params, x, y)
  g = jax.lax.pmean(g, axis_name='i')
  new = jax.tree.map(lambda p, g: p - 0.01 * g, params, g)
  return new, jax.lax.pmean(l, 'i')


replicated = jax.tree.map(lambda a: jnp.stack([a] * n_dev), params)
x = jnp.ones((n_dev, 4, 2))
y = jnp.ones((n_dev, 4, 1))
lowered = update.trace(replicated, x, y).lower(lowering_platforms=('cuda',))
print('lowered')
