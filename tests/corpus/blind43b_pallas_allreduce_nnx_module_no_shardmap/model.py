import jax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels import AXIS, ring_all_reduce


class RowParallelLinear(nnx.Module):
  """y = x @ W with W's rows split over the mesh; partial products summed by
  the Pallas ring all-reduce."""

  def __init__(self, din, dout, mesh, *, rngs: nnx.Rngs):
    self.mesh = mesh
    w = nnx.initializers.lecun_normal()(rngs.params(), (din, dout))
    self.w = nnx.Param(jax.device_put(w, NamedSharding(mesh, P(AXIS, None))))

  def __call__(self, x):
    n = self.mesh.shape[AXIS]
    x = jax.lax.with_sharding_constraint(x, NamedSharding(self.mesh, P(None, AXIS)))
    return ring_all_reduce(x @ self.w[...], n)
