import jax
from jax.experimental import mesh_utils
from jax.sharding import Mesh, PartitionSpec as P


def make_mesh(pcfg):
  return Mesh(mesh_utils.create_device_mesh(pcfg.mesh_shape), pcfg.axis_names)


def param_specs(params, pcfg):
  specs = jax.tree.map(lambda _: P(), params)
  specs["wte"]["embedding"] = P(pcfg.embed_axis, None)
  return specs


def batch_spec(pcfg):
  return P(pcfg.batch_axis, None)
