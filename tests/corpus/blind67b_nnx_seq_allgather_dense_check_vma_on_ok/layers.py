import jax
from flax import nnx
from jax.sharding import PartitionSpec as P

from kernels import all_gather


class SeqGatherDense(nnx.Module):
  """Dense layer applied to the full sequence, gathered from sequence shards."""

  def __init__(self, din, dout, mesh, *, axis_name="sp", rngs: nnx.Rngs):
    self.linear = nnx.Linear(din, dout, rngs=rngs)
    self.mesh = mesh
    self.axis_name = axis_name

  def __call__(self, x):
    n = self.mesh.shape[self.axis_name]

    def local(kernel, bias, x_local):
      full = all_gather(x_local, axis_name=self.axis_name, num_devices=n)
      full = full.reshape(-1, x_local.shape[-1])
      return full @ kernel + bias

    return jax.shard_map(
        local, mesh=self.mesh,
        in_specs=(P(), P(), P(self.axis_name)),
        out_specs=P(),
        check_vma=False,
    )(self.linear.kernel[...], self.linear.bias[...], x)
