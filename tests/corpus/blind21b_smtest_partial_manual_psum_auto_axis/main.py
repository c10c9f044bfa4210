import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('i', 'j'), axis_types=(AxisType.Auto,) * 2)


def loss_terms(x):
  local = jnp.sum(x ** 2, axis=1)
  return lax.psum(local, ('j',))


def run(x):
  f = jax.shard_map(loss_terms, mesh=mesh, in_specs=P('i', None), out_specs=P('i'),
                    axis_names=frozenset({'i'}))
  x = lax.with_sharding_constraint(x, NamedSharding(mesh, P('i', 'j')))
  return f(x)


jax.jit(run).trace(jnp.ones((8, 8))).lower(lowering_platforms=('cuda',))
