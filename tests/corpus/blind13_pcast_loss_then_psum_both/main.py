import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

AXES = ('data', 'model')
mesh = jax.make_mesh((2, 2), AXES, axis_types=(AxisType.Explicit,) * 2)


def token_count(mask):
  # mask is only sharded over 'data'; make it vary over 'model' too so the
  # sum over both axes counts every device's copy, as pre-vma JAX did
  local = jax.lax.pcast(mask.sum(), 'model', to='varying')
  return jax.lax.psum(local, AXES) / jax.lax.axis_size('model')


if __name__ == '__main__':
  with jax.set_mesh(mesh):
    mask = jax.device_put(jnp.ones((8,)), P('data'))
    f = jax.jit(jax.shard_map(token_count, in_specs=P('data'), out_specs=P()))
    f.trace(mask).lower(lowering_platforms=('cuda',))
