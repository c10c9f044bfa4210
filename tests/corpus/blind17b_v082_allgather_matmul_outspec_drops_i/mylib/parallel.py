import jax
from jax.sharding import PartitionSpec as P


def mesh_2d(config):
  return jax.make_mesh(config['mesh_shape'], config['mesh_axes'])


def allgather_matmul(a_block, b_block):
  a_full = jax.lax.all_gather(a_block, 'j', axis=1, tiled=True)
  return a_full @ b_block


SPECS = {
    'in': (P('i', 'j'), P(None, 'j')),
    'out': P(None, 'j'),
}
