import jax
import jax.numpy as jnp
from jax import lax as L
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',), axis_types=(jax.sharding.AxisType.Auto,))


def f_sum(x_block):
  return L.psum(jnp.sum(x_block), 'i')   # the tutorial's axis was 'i'


sharded_sum = jax.jit(jax.shard_map(f_sum, mesh=mesh, in_specs=P('x'), out_specs=P()))
x = jnp.arange(32.0)
print(sharded_sum.trace(x).lower(lowering_platforms=('cuda',)).as_text()[:60])
