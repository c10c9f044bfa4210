import jax
from flax import nnx


class FSDPDense(nnx.Module):

  def __init__(self, din, dout, *, gather_axes, rngs):
    self.kernel = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (din, dout)))
    self.gather_axes = gather_axes

  def __call__(self, x):
    kernel = jax.lax.all_gather(self.kernel[...], self.gather_axes, axis=0, tiled=True)
    return x @ kernel


class FSDPMLP(nnx.Module):

  def __init__(self, cfg, rngs):
    axes = cfg['data_axes']
    self.up = FSDPDense(cfg['emb_dim'], cfg['mlp_dim'], gather_axes=axes, rngs=rngs)
    self.down = FSDPDense(cfg['mlp_dim'], cfg['emb_dim'], gather_axes=axes, rngs=rngs)

  def __call__(self, x):
    return self.down(nnx.gelu(self.up(x)))
