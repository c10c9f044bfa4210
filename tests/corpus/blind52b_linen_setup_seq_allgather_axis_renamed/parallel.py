from functools import partial

import jax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def sharded_forward(model, mesh):
  @jax.jit
  @partial(shard_map, mesh=mesh, in_specs=(P(), P(None, 'seq', None)),
           out_specs=P(None, 'seq', None))
  def forward(params, x):
    return model.apply({'params': params}, x)
  return forward


def sharded_init(model, mesh):
  # The module all-gathers over its seq axis even at init time, so init runs mapped too.
  @partial(shard_map, mesh=mesh, in_specs=(P(), P(None, 'seq', None)), out_specs=P())
  def init(key, x):
    return model.init(key, x)['params']
  return init
