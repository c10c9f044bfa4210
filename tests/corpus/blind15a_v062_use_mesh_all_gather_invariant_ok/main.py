import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('x', 'y'), axis_types=(AxisType.Explicit, AxisType.Explicit))


def gather_then_matmul(w_rows, x):
  w = jax.lax.all_gather_invariant(w_rows, ('x', 'y'), axis=0, tiled=True)
  return x @ w


@jax.jit
def model(w, x):
  f = jax.shard_map(gather_then_matmul, in_specs=(P(('x', 'y')), P()), out_specs=P())
  return f(w, x)


with jax.sharding.use_mesh(mesh):
  w = jax.ShapeDtypeStruct((16, 8), jnp.float32, sharding=NamedSharding(mesh, P(('x', 'y'))))
  x = jax.ShapeDtypeStruct((4, 16), jnp.float32, sharding=NamedSharding(mesh, P()))
  lowered = model.trace(w, x).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:60])
