import functools

import jax
import jax.numpy as jnp
from flax import nnx

graphdef, params = nnx.split(nnx.Sequential(
    nnx.Linear(3, 16, rngs=nnx.Rngs(0)), nnx.relu, nnx.Linear(16, 1, rngs=nnx.Rngs(1))))


def loss_fn(params, x, y):
  return jnp.mean((nnx.merge(graphdef, params)(x) - y) ** 2)


@functools.partial(jax.pmap, axis_name='batch', in_axes=(None, 0, 0), out_axes=None)
def train_step(params, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  grads = jax.lax.pmean(grads, axis_name='batch')
  params = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
  return params, jax.lax.pmean(loss, 'batch')


n = jax.local_device_count()
x = jnp.ones((n, 8, 3))
y = jnp.ones((n, 8, 1))
step = jax.jit(train_step)
print(step.trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:20])
