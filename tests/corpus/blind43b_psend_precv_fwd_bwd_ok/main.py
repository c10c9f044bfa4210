from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

n = jax.device_count()
mesh = jax.make_mesh((n,), ('x',))
a = jax.device_put(
    jnp.arange(n * n, dtype=jnp.float32).reshape((n, n)),
    NamedSharding(mesh, P('x', None)))
weights = jax.random.uniform(key=jax.random.key(0), shape=(n, 1), dtype=jnp.float32)

fwd_perm = [(i, i + 1) for i in range(n - 1)]
bwd_perm = [(n - 1, 0)]


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('x', None),), out_specs=P('x', None))
def fwd(a):
  return_dtype_and_shape = jax.ShapeDtypeStruct.like(a)

  fwd_token = jax.lax.psend(a, axis_name='x', perm=fwd_perm)
  data = jax.lax.precv(
      fwd_token, out_shape=return_dtype_and_shape, axis_name='x', perm=fwd_perm)

  # Make sure compute happens after the recv on the forward edge.
  weights_, _ = jax.lax.optimization_barrier((weights, data))
  res = jnp.dot(weights_, data)

  # send the compute result back to the first device
  bwd_token = jax.lax.psend(res, axis_name='x', perm=bwd_perm)
  bwd_data = jax.lax.precv(
      bwd_token, out_shape=return_dtype_and_shape, axis_name='x', perm=bwd_perm)
  return bwd_data


print(fwd.trace(a).lower(lowering_platforms=('cuda',)).as_text()[:40])
