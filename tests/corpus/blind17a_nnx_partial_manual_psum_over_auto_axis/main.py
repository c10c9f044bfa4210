import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import AxisType, Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"),
            axis_types=(AxisType.Auto, AxisType.Auto))


class RowParallelHead(nnx.Module):
  def __init__(self, din, dout, rngs):
    self.w = nnx.Param(jnp.zeros((din, dout)))

  def __call__(self, h):
    return lax.psum(h @ self.w[...], "model")


head = RowParallelHead(64, 8, nnx.Rngs(0))


@nnx.jit
def loss_fn(head, h):
  def local(head, h):
    out = head(h)
    return lax.pmean(jnp.mean(out ** 2), "data")

  return nnx.shard_map(local, mesh=mesh, in_specs=(P("model"), P(None, "model")),
                       out_specs=P(), axis_names={"model"}, check_vma=False)(head, h)


loss_fn.trace(head, jnp.ones((16, 64))).lower(lowering_platforms=("cuda",))
