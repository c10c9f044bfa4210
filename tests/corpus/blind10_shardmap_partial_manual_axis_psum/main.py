import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'),
                     axis_types=(jax.sharding.AxisType.Explicit, jax.sharding.AxisType.Explicit))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=P(),
                   axis_names={'data'})
def data_parallel_loss(w, x):
  # only 'data' is manual here; 'model' is still handled by the compiler
  logits = x @ w
  local = jnp.mean(jax.nn.logsumexp(logits, -1))
  local = jax.lax.psum(local, 'model')
  return jax.lax.pmean(local, 'data')


def main():
  with jax.set_mesh(mesh):
    w = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P(None, 'model')))
    x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P('data')))
    jax.jit(data_parallel_loss).trace(w, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
