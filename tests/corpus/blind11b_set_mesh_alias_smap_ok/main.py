import jax
import jax.numpy as jnp
from jax import shard_map as smap
from jax.sharding import AxisType, PartitionSpec as P


def normalize(x):
  total = jax.lax.psum(jnp.sum(x, axis=0), 'data')
  count = jax.lax.psum(x.shape[0], 'data')
  mean = total / count
  gathered = jax.lax.all_gather(x - mean, 'data', tiled=True)
  return jnp.std(gathered, axis=0, keepdims=True) + 0 * x[:1]


def main():
  mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Explicit,))
  x = jnp.arange(64.0).reshape(16, 4)
  with jax.set_mesh(mesh):
    x = jax.device_put(x, P('data'))
    f = jax.jit(smap(normalize, in_specs=P('data'), out_specs=P('data')))
    f.trace(x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
