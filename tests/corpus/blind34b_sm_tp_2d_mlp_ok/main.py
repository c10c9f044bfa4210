from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)


def mlp_block(x, w1, w2):
  h = jax.nn.gelu(x @ w1)              # column parallel
  y = h @ w2                           # row parallel
  return jax.lax.psum(y, 'model')


mlp = jax.shard_map(mlp_block, mesh=mesh,
                    in_specs=(P('data', None), P(None, 'model'), P('model', None)),
                    out_specs=P('data', None))

S = lambda shape, spec: jax.ShapeDtypeStruct(shape, jnp.bfloat16,
                                             sharding=jax.NamedSharding(mesh, spec))
args = (S((8, 64), P('data', None)), S((64, 256), P(None, 'model')), S((256, 64), P('model', None)))
with jax.set_mesh(mesh):
  print(jax.jit(mlp).trace(*args).lower(lowering_platforms=('cuda',)).as_text()[:40])
