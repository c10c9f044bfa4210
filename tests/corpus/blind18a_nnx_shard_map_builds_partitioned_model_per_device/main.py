import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from pkg.nets import Head

mesh = jax.make_mesh((4,), ('model',), axis_types=(jax.sharding.AxisType.Auto,))


def ensemble_member(seed, x):
  head = Head(16, 16, rngs=nnx.Rngs(params=jax.random.key(seed[0])))
  return head(x)


with jax.set_mesh(mesh):
  f = jax.jit(jax.shard_map(ensemble_member, in_specs=(P('model'), P()),
                            out_specs=P('model')))
  seeds = jnp.arange(4, dtype=jnp.uint32)
  f.trace(seeds, jnp.ones((8, 16))).lower(lowering_platforms=('cuda',))
