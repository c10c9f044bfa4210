import equinox as eqx
import jax

from dist import ops


class FSDPLinear(eqx.Module):
  linear: eqx.nn.Linear
  axis_name: str = eqx.field(static=True)

  def __init__(self, d_in, d_out, axis_name, *, key):
    self.linear = eqx.nn.Linear(d_in, d_out, key=key)
    self.axis_name = axis_name

  def __call__(self, x):
    w = ops.gather_param(self.linear.weight, self.axis_name)
    return w @ x + self.linear.bias


class FFN(eqx.Module):
  blocks: list

  def __init__(self, cfg, key):
    keys = jax.random.split(key, 2 * cfg.n_layers)
    self.blocks = []
    for i in range(cfg.n_layers):
      self.blocks.append((
          FSDPLinear(cfg.d_model, cfg.d_ff, cfg.fsdp_axis, key=keys[2 * i]),
          FSDPLinear(cfg.d_ff, cfg.d_model, cfg.fsdp_axis, key=keys[2 * i + 1]),
      ))

  def __call__(self, x):
    for up, down in self.blocks:
      x = x + down(jax.nn.gelu(up(x)))
    return x


def build_model(cfg, seed=0):
  return FFN(cfg, jax.random.PRNGKey(seed))
