import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P
from flax import nnx

from .mesh import MESH


def _row_parallel(h, w):
  return jax.lax.psum(h @ w, 'model')


def row_parallel_matmul(h, w):
  f = jax.shard_map(_row_parallel, mesh=jax.sharding.get_abstract_mesh(), in_specs=(P(None, 'model'), P('model', None)),
                    out_specs=P(), axis_names={'model'})
  return f(h, w)


class TPMLP(nnx.Module):

  def __init__(self, d, f, rngs):
    self.wi = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (d, f)))
    self.wo = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (f, d)))

  def __call__(self, x):
    h = nnx.relu(x @ self.wi[...])
    return row_parallel_matmul(h, self.wo[...])
