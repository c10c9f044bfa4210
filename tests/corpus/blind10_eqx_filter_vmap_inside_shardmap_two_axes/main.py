import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from encoder import Projector

MESH_AXIS, EX_AXIS = 'hosts', 'examples'


def main():
  mesh = Mesh(np.array(jax.devices()), (MESH_AXIS,))
  proj = Projector(10, 8, MESH_AXIS, EX_AXIS, key=jax.random.key(0))
  params, static = eqx.partition(proj, eqx.is_array)

  def embed(params, x):
    model = eqx.combine(params, static)
    return eqx.filter_vmap(model, axis_name=EX_AXIS)(x)

  f = jax.jit(jax.shard_map(embed, mesh=mesh, in_specs=(P(), P(MESH_AXIS)), out_specs=P(MESH_AXIS),
                            check_vma=False))
  x = jnp.ones((32, 10))
  f.trace(params, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
