import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('ring',), axis_types=(jax.sharding.AxisType.Explicit,))


def ring_allreduce(x):
  n = 4
  perm = [(i, (i + 1) % n) for i in range(n)]

  def body(state):
    k, acc, buf = state
    buf = lax.ppermute(buf, 'ring', perm)
    return k + 1, acc + buf, buf

  acc = jnp.zeros_like(x)
  _, acc, _ = lax.while_loop(lambda s: s[0] < n, body, (0, acc, x))
  return acc


f = jax.jit(jax.shard_map(ring_allreduce, mesh=mesh, in_specs=P('ring'), out_specs=P('ring')))
x = jax.device_put(jnp.ones((16, 4)), jax.NamedSharding(mesh, P('ring')))
f.trace(x).lower(lowering_platforms=('cuda',))
print('ok')
