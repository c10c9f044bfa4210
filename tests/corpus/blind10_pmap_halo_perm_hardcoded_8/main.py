import jax
import jax.numpy as jnp

from config import AXIS
from solver import simulate


def main():
  n = jax.local_device_count()
  u0 = jnp.ones((n, 32))
  run = jax.pmap(simulate, axis_name=AXIS, static_broadcasted_argnums=1)
  jax.jit(lambda u: run(u, 20)).trace(u0).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
