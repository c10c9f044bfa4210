import contextlib

import jax
from jax.sharding import AxisType


def build_mesh(dp, tp):
  return jax.make_mesh((dp, tp), ('data', 'model'),
                       axis_types=(AxisType.Explicit, AxisType.Explicit))


@contextlib.contextmanager
def mesh_context(mesh):
  with jax.sharding.use_mesh(mesh):
    yield mesh
