import jax
from flax import nnx

import utils


class Block(nnx.Module):

  def __init__(self, cfg, *, rngs):
    self.cfg = cfg
    self.sub = nnx.Dict({
        "ln": nnx.LayerNorm(cfg.d_model, rngs=rngs),
        "mlp_in": nnx.Linear(cfg.d_model, cfg.d_ff, rngs=rngs),
        "mlp_out": nnx.Linear(cfg.d_ff, cfg.d_model, use_bias=False, rngs=rngs),
    })

  def _apply_ln(self, h):
    return self.sub["ln"](h)

  def _apply_mlp_in(self, h):
    return self.sub["mlp_in"](h)

  def _apply_act(self, h):
    return jax.nn.silu(h)

  def _apply_mlp_out(self, h):
    return utils.tp_all_reduce(self.sub["mlp_out"](h), self.cfg.tp_axis)

  def __call__(self, x):
    h = x
    for kind in self.cfg.sublayers:
      h = getattr(self, f"_apply_{kind}")(h)
    return x + h


class Model(nnx.Module):

  def __init__(self, cfg, *, rngs):
    self.blocks = nnx.List([Block(cfg, rngs=rngs) for _ in range(cfg.num_blocks)])

  def __call__(self, x):
    for b in self.blocks:
      x = b(x)
    return x
