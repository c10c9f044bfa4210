import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from pp.builders import BUILDERS

CONFIG = {'mode': 'local', 'axis': 'pp'}


def main(config=CONFIG):
  mesh = Mesh(np.array(jax.devices()), (config['axis'],))
  step = BUILDERS[config.get('mode', 'spmd')](mesh, config['axis'])
  w = jnp.ones((32, 32))
  x = jnp.ones((16, 32))
  step.trace(w, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
