import jax
import jax.numpy as jnp
from jax import export
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('model',), axis_types=(jax.sharding.AxisType.Explicit,))


def out_proj(h, w):
  return jax.lax.psum(h @ w, 'model')


f = jax.jit(jax.shard_map(out_proj, mesh=mesh, in_specs=(P(None, 'model'),), out_specs=P()))
h = jax.ShapeDtypeStruct((8, 64), jnp.bfloat16, sharding=NamedSharding(mesh, P(None, 'model')))
w = jax.ShapeDtypeStruct((64, 16), jnp.bfloat16, sharding=NamedSharding(mesh, P('model', None)))
exported = export.export(f, platforms=['tpu'])(h, w)
print(exported.in_avals)
