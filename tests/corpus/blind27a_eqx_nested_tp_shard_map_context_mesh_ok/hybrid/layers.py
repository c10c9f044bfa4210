import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

from hybrid.mesh import MODEL


def _rowparallel_matmul(x, w):
  return lax.psum(x @ w, MODEL)


class TPLinear(eqx.Module):
  weight: jax.Array
  mesh: object = eqx.field(static=True)

  def __init__(self, din, dout, mesh, key):
    self.weight = jax.random.normal(key, (din, dout)) / jnp.sqrt(din)
    self.mesh = mesh

  def __call__(self, x):
    # nested under the data-parallel shard_map: take the mesh from context
    f = jax.shard_map(_rowparallel_matmul,
                      in_specs=(P(None, MODEL), P(MODEL, None)), out_specs=P(),
                      axis_names={MODEL})
    return f(x, self.weight)
