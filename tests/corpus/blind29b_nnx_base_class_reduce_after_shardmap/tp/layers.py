import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

TP_AXIS = "model"


class ParallelLinearBase(nnx.Module):
    """Base: a shard_mapped local matmul, then a subclass-defined reduction."""
    kernel_axes = (None, None)
    out_spec = P()

    def __init__(self, din, dout, *, mesh, rngs):
        init = nnx.with_partitioning(nnx.initializers.lecun_normal(), self.kernel_axes)
        self.kernel = nnx.Param(init(rngs.params(), (din, dout)))
        self.mesh = mesh

    def reduce(self, y):
        raise NotImplementedError

    def local_matmul(self, x, w):
        return jax.shard_map(jnp.matmul, mesh=self.mesh,
                             in_specs=(P("data", self.kernel_axes[0]), P(*self.kernel_axes)),
                             out_specs=self.out_spec)(x, w)

    def __call__(self, x):
        y = self.local_matmul(x, self.kernel[...])
        return self.reduce(y)


class ColumnParallelLinear(ParallelLinearBase):
    kernel_axes = (None, TP_AXIS)
    out_spec = P("data", TP_AXIS)

    def reduce(self, y):
        return y


class RowParallelLinear(ParallelLinearBase):
    kernel_axes = (TP_AXIS, None)
    out_spec = P("data", TP_AXIS)   # partial sums, stacked along the last dim

    def reduce(self, y):
        return jax.lax.psum(y, TP_AXIS)
