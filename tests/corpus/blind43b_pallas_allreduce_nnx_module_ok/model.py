import jax
from flax import nnx
from jax.sharding import PartitionSpec as P

from kernels import AXIS, ring_all_reduce


class RowParallelLinear(nnx.Module):
  """y = x @ W with W's rows (and x's features) split over the mesh; the
  partial products are summed with the Pallas ring all-reduce."""

  def __init__(self, din, dout, mesh, *, rngs: nnx.Rngs):
    self.mesh = mesh
    self.w = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (din, dout)))

  def __call__(self, x):
    n = self.mesh.shape[AXIS]

    def partial_matmul(x_blk, w_blk):
      return ring_all_reduce(x_blk @ w_blk, n)

    return jax.shard_map(
        partial_matmul,
        mesh=self.mesh,
        in_specs=(P(None, AXIS), P(AXIS, None)),
        out_specs=P(),
        check_vma=False,
    )(x, self.w[...])
