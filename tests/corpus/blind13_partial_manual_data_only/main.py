import functools

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)


def loss(w, x):
  return jnp.mean((x @ w) ** 2)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=(P(), P()),
                   axis_names={'data'})
def dp_grad(w, x):
  l, g = jax.value_and_grad(loss)(w, x)
  return jax.lax.pmean(l, 'data'), jax.lax.pmean(g, 'data')


if __name__ == '__main__':
  w = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P(None, 'model')))
  x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P('data')))
  jax.jit(dp_grad).trace(w, x).lower(lowering_platforms=('cuda',))
