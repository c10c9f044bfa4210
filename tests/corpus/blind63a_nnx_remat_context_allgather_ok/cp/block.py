from flax import nnx

from .attention import ContextParallelAttention
from .config import MESH_AXES


class Block(nnx.Module):

  def __init__(self, d_model, n_heads, *, rngs):
    self.ln1 = nnx.LayerNorm(d_model, rngs=rngs)
    self.ln2 = nnx.LayerNorm(d_model, rngs=rngs)
    self.attn = ContextParallelAttention(d_model, n_heads, seq_axis=MESH_AXES[1], rngs=rngs)
    self.mlp = nnx.Sequential(
        nnx.Linear(d_model, 4 * d_model, rngs=rngs),
        nnx.gelu,
        nnx.Linear(4 * d_model, d_model, rngs=rngs),
    )

  def __call__(self, x):
    @nnx.remat
    def attn_fn(attn, h):
      return attn(h)

    x = x + attn_fn(self.attn, self.ln1(x))
    return x + self.mlp(self.ln2(x))
