import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

if hasattr(lax, 'pcast'):
  def mark_varying(x, axis):
    return lax.pcast(x, axis, to='varying')
else:
  mark_varying = lax.pvary

mesh = jax.make_mesh((4,), ('i',))


def ring_sum(x):
  perm = [(j, (j + 1) % 4) for j in range(4)]

  def body(_, carry):
    acc, msg = carry
    msg = lax.ppermute(msg, 'i', perm)
    return acc + msg, msg

  msg0 = mark_varying(x[0], 'i')
  acc, _ = lax.fori_loop(0, 4, body, (jnp.zeros_like(x[0]) + msg0, msg0))
  return acc[None]


f = jax.jit(jax.shard_map(ring_sum, mesh=mesh, in_specs=P('i'), out_specs=P('i')))
x = jnp.arange(16.0).reshape(4, 4)
print(f.trace(x).lower(lowering_platforms=('cuda',)).as_text()[:60])
