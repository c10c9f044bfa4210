import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from tp import RowParallelLinear


def main():
  mesh = Mesh(np.array(jax.devices()), ('model',))
  layer = RowParallelLinear(64 // 4, 32, rngs=nnx.Rngs(0))
  graphdef, state = nnx.split(layer)

  def fwd(state, x):
    return nnx.merge(graphdef, state)(x)

  f = jax.jit(jax.shard_map(fwd, mesh=mesh, in_specs=(P('model'), P(None, 'model')),
                            out_specs=P()))
  x = jnp.ones((8, 64))
  stacked = jax.tree.map(lambda a: jnp.concatenate([a] * 4), state)
  f.trace(stacked, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
