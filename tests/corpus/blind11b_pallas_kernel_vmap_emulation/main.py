import jax
import jax.numpy as jnp

from ring import make_shift

N = 4


def main():
  shift = make_shift('dev', N)
  emulated = jax.jit(jax.vmap(shift, axis_name='dev'))
  x = jnp.ones((N, 8, 128), jnp.float32)
  emulated.trace(x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
