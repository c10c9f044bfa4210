import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
  return jnp.mean((x @ w - y) ** 2)


def grad_accum_step(w, xs, ys):
  def body(acc, xy):
    x, y = xy
    g = jax.grad(loss)(w, x, y)
    return acc + lax.pmean(g, 'batch'), None

  g, _ = lax.scan(body, jnp.zeros_like(w), (xs, ys))
  return w - 0.1 * g / xs.shape[0]


w = jnp.ones((8, 2))
xs = jnp.ones((4, 16, 8))
ys = jnp.ones((4, 16, 2))
jax.jit(grad_accum_step).trace(w, xs, ys).lower(lowering_platforms=('cuda',))
print('lowered')
