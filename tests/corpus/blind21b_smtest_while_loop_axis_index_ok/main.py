import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P


def body(carry):
  i, x = carry
  return i + 1, x * 0.5 + 1.0


def per_device(x):
  limit = lax.axis_index('x') + 2
  i0 = lax.axis_index('x') * 0
  _, x = lax.while_loop(lambda c: c[0] < limit, body, (i0, x))
  return lax.pmax(x.max(keepdims=True), 'x')


def main():
  mesh = jax.make_mesh((4,), ('x',), axis_types=(AxisType.Auto,))
  f = jax.jit(jax.shard_map(per_device, mesh=mesh, in_specs=P('x'), out_specs=P()))
  f.trace(jnp.ones(32)).lower(lowering_platforms=('cuda',))


main()
