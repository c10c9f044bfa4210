import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from train import make_train_step


def init(key, sizes):
  keys = jax.random.split(key, len(sizes) - 1)
  return [(jax.random.normal(k, (i, o)) / np.sqrt(i), jnp.zeros(o))
          for k, i, o in zip(keys, sizes[:-1], sizes[1:])]


def main():
  mesh = Mesh(np.array(jax.devices()), ('batch',))
  step = make_train_step(mesh, 'batch')
  params = init(jax.random.key(0), [16, 64, 64, 1])
  batch = (jnp.ones((32, 16)), jnp.ones((32, 1)))
  step.trace(params, batch).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
