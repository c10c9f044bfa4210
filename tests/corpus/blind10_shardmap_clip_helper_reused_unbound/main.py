import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from train import AXIS, make_steps


def main():
  mesh = Mesh(np.array(jax.devices()), (AXIS,))
  train_step, diagnostics = make_steps(mesh)
  params = {'w1': jnp.ones((16, 64)), 'w2': jnp.ones((64, 4))}
  x = jnp.ones((8, 16))
  y = jnp.zeros((8, 4))
  train_step.trace(params, x, y).lower(lowering_platforms=('cuda',))
  diagnostics.trace(params, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
