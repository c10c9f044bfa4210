import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',))
model = nnx.Linear(8, 8, rngs=nnx.Rngs(0))


def ring_sum(model, x):
  y = model(x)
  acc = y
  for _ in range(3):
    y = jax.lax.ppermute(y, 'i', perm=[(j, (j + 1) % 4) for j in range(4)])
    acc = acc + y
  return acc


ring_sum = nnx.shard_map(ring_sum, mesh=mesh, in_specs=(P(), P('i')), out_specs=P('i'),
                         check_rep=False)
ring_sum = nnx.jit(ring_sum)
x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P('i')))
print(ring_sum.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
