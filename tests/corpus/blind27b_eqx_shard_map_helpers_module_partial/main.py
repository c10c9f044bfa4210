import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from tp import ops

mesh = Mesh(jax.devices(), ('model',))
k1, k2 = jax.random.split(jax.random.key(0))
up = eqx.nn.Linear(16, 64, use_bias=False, key=k1)
down = eqx.nn.Linear(64, 16, use_bias=False, key=k2)
w1 = jax.device_put(up.weight.T, NamedSharding(mesh, P(None, 'model')))
w2 = jax.device_put(down.weight.T, NamedSharding(mesh, P('model', None)))


def make_mlp(mesh):
  @functools.partial(jax.shard_map, mesh=mesh,
                     in_specs=(P(), P(None, 'model'), P('model', None)), out_specs=P())
  def mlp(x, w1, w2):
    h = jax.nn.gelu(ops.column_parallel(x, w1))
    return ops.row_parallel(h, w2)
  return jax.jit(mlp)


mlp = make_mlp(mesh)
x = jnp.ones((8, 16))
print(mlp.trace(x, w1, w2).lower(lowering_platforms=('cuda',)).as_text()[:20])
