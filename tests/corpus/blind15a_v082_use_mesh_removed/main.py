import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from sharding_utils import build_mesh, mesh_context


def layer(w, x):
  h = jnp.einsum('bd,df->bf', x, w)
  return jax.lax.psum(h, 'model')


mesh = build_mesh(2, 2)
step = jax.jit(jax.shard_map(layer, in_specs=(P('model', None), P('data', 'model')),
                             out_specs=P('data', None)))

with mesh_context(mesh):
  w = jax.ShapeDtypeStruct((64, 32), jnp.float32, sharding=NamedSharding(mesh, P('model', None)))
  x = jax.ShapeDtypeStruct((16, 64), jnp.float32, sharding=NamedSharding(mesh, P('data', 'model')))
  step.trace(w, x).lower(lowering_platforms=('cuda',))
