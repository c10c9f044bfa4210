import equinox as eqx
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

from layers import ColRowMLP

mesh = jax.make_mesh((4,), ('model',))
keys = jax.random.split(jax.random.PRNGKey(0), 4)
# one shard of the MLP per device, stacked along a leading axis
stacked = eqx.filter_vmap(lambda k: ColRowMLP(16, 8, k))(keys)
params, static = eqx.partition(stacked, eqx.is_array)


def local(params, x):
  p = jax.tree_util.tree_map(lambda a: a[0], params)
  return eqx.combine(p, static)(x)


fwd = shard_map(local, mesh=mesh, in_specs=(P('model'), P()), out_specs=P(), check_rep=True)


@eqx.filter_jit
def apply(params, x):
  return fwd(params, x)


x = jnp.ones((8, 16))
print(jax.jit(apply).trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:60])
