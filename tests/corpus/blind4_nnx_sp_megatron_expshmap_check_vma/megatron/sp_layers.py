"""Sequence-parallel + tensor-parallel transformer MLP block (Megatron-LM, Korthikanti et al.)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax as L


class SPMLPBlock(nnx.Module):
  def __init__(self, dim, hidden, *, tp_axis: str, rngs: nnx.Rngs):
    self.tp_axis = tp_axis
    init = nnx.initializers.lecun_normal()
    self.norm = nnx.LayerNorm(dim, rngs=rngs)
    self.w_in = nnx.Param(init(rngs.params(), (dim, hidden)), sharding=(None, tp_axis))
    self.w_out = nnx.Param(init(rngs.params(), (hidden, dim)), sharding=(tp_axis, None))

  def __call__(self, x):  # x: [B, T / tp, D]
    h = self.norm(x)
    h = L.all_gather(h, self.tp_axis, axis=1, tiled=True)  # g: [B, T, D]
    h = jax.nn.gelu(h @ self.w_in[...])  # column parallel: [B, T, H / tp]
    h = h @ self.w_out[...]  # row parallel, partial sums: [B, T, D]
    h = L.psum_scatter(h, self.tp_axis, scatter_dimension=1, tiled=True)  # g-bar: [B, T / tp, D]
    return x + h


class SPStack(nnx.Module):
  def __init__(self, depth, dim, hidden, *, tp_axis, rngs):
    self.layers = nnx.List([SPMLPBlock(dim, hidden, tp_axis=tp_axis, rngs=rngs)
                            for _ in range(depth)])

  def __call__(self, x):
    for layer in self.layers:
      x = layer(x)
    return x
