import jax
from flax import nnx

from parallel.p2p import send_to_next_stage as hop


class StageLayer(nnx.Module):

  def __init__(self, d_model, *, rngs):
    self.norm = nnx.RMSNorm(d_model, rngs=rngs)
    self.ff = nnx.Linear(d_model, d_model, rngs=rngs)

  def __call__(self, x):
    return x + nnx.gelu(self.ff(self.norm(x)))


class LoopedPipeline(nnx.Module):

  def __init__(self, cfg, *, rngs):
    self.cfg = cfg

    @nnx.split_rngs(splits=cfg.num_stages)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def make_layers(rngs):
      return StageLayer(cfg.d_model, rngs=rngs)

    self.layers = make_layers(rngs)

  def __call__(self, x):
    graphdef, stacked = nnx.split(self.layers)

    def body(h, layer_state):
      layer = nnx.merge(graphdef, layer_state)
      return layer(h), None

    h, _ = jax.lax.scan(body, x, stacked)
    return hop(h, self.cfg.stage_axis, self.cfg.num_stages)
