import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class TPDense:
  def __init__(self, mesh, axis='model'):
    self.mesh = mesh
    self.axis = axis
    self._fn = jax.shard_map(self._local, mesh=mesh,
                             in_specs=(P(None, axis), P(axis, None)),
                             out_specs=P(None, axis))

  def _local(self, x, w):
    return jax.lax.psum_scatter(x @ w, self.axis, scatter_dimension=1, tiled=True)

  def __call__(self, x, w):
    return self._fn(x, w)
