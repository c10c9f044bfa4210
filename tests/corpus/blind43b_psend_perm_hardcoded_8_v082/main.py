from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(jax.devices(), ('x',))
n = len(jax.devices())
a = jax.device_put(
    jnp.arange(n * 8, dtype=jnp.float32).reshape((n, 8)),
    NamedSharding(mesh, P('x', None)))
weights = jax.random.uniform(key=jax.random.PRNGKey(0), shape=(8, 1), dtype=jnp.float32)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('x', None),), out_specs=P('x', None))
def fwd(a):
  return_dtype_and_shape = jax.ShapeDtypeStruct(a.shape, a.dtype)

  # "forward edge": device-to-device communication from device 0 upwards
  fwd_token = jax.lax.psend(
      a,
      axis_name="x",
      perm=[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)],
  )
  data = jax.lax.precv(
      fwd_token,
      out_shape=return_dtype_and_shape,
      axis_name="x",
      perm=[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)],
  )
  weights_, _ = jax.lax.optimization_barrier((weights, data))
  res = jnp.dot(data, weights_)

  # send the compute result back to the first device
  bwd_token = jax.lax.psend(res, axis_name="x", perm=[(7, 0)])
  bwd_data = jax.lax.precv(
      bwd_token,
      out_shape=jax.ShapeDtypeStruct(res.shape, res.dtype),
      axis_name="x",
      perm=[(7, 0)])
  return bwd_data


print(fwd.trace(a).lower(lowering_platforms=('cuda',)).as_text()[:40])
