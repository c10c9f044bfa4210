import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import ColumnDense, RowDense


def mlp(w1, w2, x):
  h = jax.nn.gelu(ColumnDense(w1)(x))
  return RowDense(w2)(h)


def main():
  mesh = Mesh(np.array(jax.devices()), ('model',))
  f = jax.jit(jax.shard_map(mlp, mesh=mesh,
                            in_specs=(P(None, 'model'), P('model', None), P()),
                            out_specs=P()))
  w1 = jnp.ones((64, 256))
  w2 = jnp.ones((256, 64))
  x = jnp.ones((8, 64))
  f.trace(w1, w2, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
