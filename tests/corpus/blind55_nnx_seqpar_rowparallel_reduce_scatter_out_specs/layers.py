import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

TP = "model"
DP = "data"


class SeqParallelMLP(nnx.Module):
  def __init__(self, d_model, d_ff, mesh, rngs):
    init = nnx.initializers.lecun_normal()
    self.mesh = mesh
    self.wi = nnx.Param(init(rngs.params(), (d_model, d_ff), jnp.float32))
    self.wo = nnx.Param(init(rngs.params(), (d_ff, d_model), jnp.float32))

  def __call__(self, x):
    act_spec = P(DP, TP, None)  # [batch, seq, d_model] with the sequence sharded over TP

    def local(wi, wo, x):
      x = jax.lax.all_gather(x, TP, axis=1, tiled=True)        # full sequence
      h = jax.nn.gelu(jnp.einsum("bsd,df->bsf", x.astype(jnp.bfloat16), wi.astype(jnp.bfloat16)))
      y = jnp.einsum("bsf,fd->bsd", h, wo.astype(jnp.bfloat16))  # partial sums over TP
      return jax.lax.psum_scatter(y, TP, scatter_dimension=1, tiled=True)

    return jax.shard_map(
        local, mesh=self.mesh,
        in_specs=(P(None, TP), P(TP, None), act_spec),
        out_specs=P(DP, None, None),
    )(self.wi[...], self.wo[...], x)
