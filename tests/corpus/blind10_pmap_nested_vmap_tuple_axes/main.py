import jax
import jax.numpy as jnp
from jax.lax import psum


def averaged_example_grad(w, x, y):
  g = jax.grad(lambda w: jnp.sum((x @ w - y) ** 2))(w)
  total = psum(g, axis_name=('dev', 'ex'))
  count = psum(1, ('dev', 'ex'))
  return total / count


def device_step(w, xs, ys):
  g = jax.vmap(averaged_example_grad, in_axes=(None, 0, 0), out_axes=None, axis_name='ex')(w, xs, ys)
  return w - 0.1 * g


step = jax.pmap(device_step, axis_name='dev', in_axes=(None, 0, 0))
step = jax.jit(step)


def main():
  n = jax.local_device_count()
  w = jnp.ones((6, 2))
  xs = jnp.ones((n, 4, 6))
  ys = jnp.zeros((n, 4, 2))
  step.trace(w, xs, ys).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
