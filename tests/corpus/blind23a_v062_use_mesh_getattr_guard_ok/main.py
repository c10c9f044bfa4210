import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh_context = getattr(jax, 'set_mesh', None) or jax.sharding.use_mesh

mesh = jax.make_mesh((4,), ('data',))


def gather_rows(x):
  return lax.all_gather(x, 'data', tiled=True)


with mesh_context(mesh):
  f = jax.jit(jax.shard_map(gather_rows, in_specs=P('data'), out_specs=P(), check_vma=False))
  x = jnp.arange(32.0).reshape(8, 4)
  print(f.trace(x).lower(lowering_platforms=('cuda',)).as_text()[:60])
