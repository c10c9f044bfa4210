import jax
import jax.numpy as jnp

VMAP_OPTS = dict(in_axes=(None, 0, 0), axis_name='examples')


def per_example_loss(w, x, y):
  return (jnp.dot(x, w) - y) ** 2


def clipped_grad(w, x, y, clip=1.0):
  g = jax.grad(per_example_loss)(w, x, y)
  g = g / jnp.maximum(1.0, jnp.linalg.norm(g) / clip)
  return jax.lax.pmean(g, 'examples')


@jax.jit
def dp_sgd_step(w, xs, ys):
  g = jax.vmap(clipped_grad, **VMAP_OPTS)(w, xs, ys)
  return w - 0.1 * g[0]


def main():
  dp_sgd_step.trace(jnp.zeros(5), jnp.ones((32, 5)), jnp.ones(32)).lower(
      lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
