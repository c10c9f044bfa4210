import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',), axis_types=(jax.sharding.AxisType.Auto,))


def ring_accumulate(x):
  acc = jax.lax.pvary(jnp.zeros_like(x), ('i',))
  def body(_, carry):
    acc, blk = carry
    blk = jax.lax.ppermute(blk, 'i', [(j, (j + 1) % 4) for j in range(4)])
    return acc + blk, blk
  acc, _ = jax.lax.fori_loop(0, 4, body, (acc, x))
  return acc


f = jax.jit(jax.shard_map(ring_accumulate, mesh=mesh, in_specs=P('i'), out_specs=P('i')))
print(f.trace(jnp.ones(16)).lower(lowering_platforms=('cuda',)).as_text()[:40])
