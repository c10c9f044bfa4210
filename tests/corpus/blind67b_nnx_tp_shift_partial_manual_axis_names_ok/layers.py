import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

import kernels


class ShiftedTPBlock(nnx.Module):
  def __init__(self, dim, mesh, *, rngs):
    self.w = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (dim, dim)))
    self.mesh = mesh

  def __call__(self, x):
    @jax.shard_map(mesh=self.mesh, in_specs=(P(None, "model"), P("data", "model")),
                   out_specs=P("data", "model"), check_vma=False)
    def body(w, x):
      h = jnp.tanh(x * w.sum(axis=0))
      return h + kernels.shift_model_axis(h)

    return body(self.w.value, x)
