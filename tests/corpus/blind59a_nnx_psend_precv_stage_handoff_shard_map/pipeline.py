"""Point-to-point stage handoff for an NNX pipeline (GPU: lowered to NCCL send/recv)."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx

STAGE_AXIS = 'stage'


class StageBlock(nnx.Module):
  def __init__(self, dim, *, rngs):
    self.norm = nnx.RMSNorm(dim, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(num_heads=4, in_features=dim, decode=False, rngs=rngs)
    self.mlp_in = nnx.Linear(dim, 2 * dim, rngs=rngs)
    self.mlp_out = nnx.Linear(2 * dim, dim, rngs=rngs)

  def __call__(self, h):
    h = h + self.attn(self.norm(h))
    return h + self.mlp_out(nnx.silu(self.mlp_in(h)))


class Handoff:
  def __init__(self, num_stages):
    # stage i -> stage i + 1; the last stage sends nothing
    self.perm = [(i, i + 1) for i in range(num_stages - 1)]

  def forward(self, h):
    token = lax.psend(h, STAGE_AXIS, self.perm)
    return lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), STAGE_AXIS, self.perm)


@nnx.split_rngs(splits=4)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_stages(rngs):
  return StageBlock(64, rngs=rngs)
