import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, PartitionSpec as P

from nets.mlp import mlp_block

mesh = jax.make_mesh((2, 2), ('data', 'model'))


def place(params):
  specs = {'w1': P(None, 'model'), 'b1': P('model'), 'w2': P(None, None), 'b2': P()}
  return {k: jax.device_put(v, specs[k]) for k, v in params.items()}


def main():
  with jax.set_mesh(mesh):
    params = place({'w1': np.ones((32, 64), np.float32), 'b1': np.zeros((64,), np.float32),
                    'w2': np.ones((64, 32), np.float32), 'b2': np.zeros((32,), np.float32)})
    x = jax.device_put(np.ones((8, 32), np.float32), P('data', None))
    jax.jit(mlp_block).trace(params, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
