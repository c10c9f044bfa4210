import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from rnn import SharedStateRNN


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  model = SharedStateRNN(hidden=16)
  xs = jnp.ones((12, 8))  # [time, features]; each data shard gets its own independent streams
  params = model.init(jax.random.key(0), xs)

  @jax.jit
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, 'data')),
                     out_specs=(P('data'), P(None, 'data')))
  def encode(params, xs):
    return model.apply(params, xs)

  encode.trace(params, jnp.ones((12, 4 * 8))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
