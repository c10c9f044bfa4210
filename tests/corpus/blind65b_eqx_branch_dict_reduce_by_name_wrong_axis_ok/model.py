import equinox as eqx
import jax

from parallel import collectives


class RowParallelBranch(eqx.Module):
  up: eqx.nn.Linear
  down: eqx.nn.Linear
  reduce: str = eqx.field(static=True)
  axes: object = eqx.field(static=True)

  def __init__(self, d_model, d_ff, reduce, axes, *, key):
    k1, k2 = jax.random.split(key)
    self.up = eqx.nn.Linear(d_model, d_ff, key=k1)
    self.down = eqx.nn.Linear(d_ff, d_model, use_bias=False, key=k2)
    self.reduce = reduce
    self.axes = axes

  def __call__(self, x):
    partial = self.down(jax.nn.gelu(self.up(x)))
    reduce_fn = getattr(collectives, self.reduce)
    return reduce_fn(partial, self.axes)


class Block(eqx.Module):
  branches: dict

  def __init__(self, cfg, axes, *, key):
    keys = jax.random.split(key, len(cfg.branch_reduce))
    self.branches = {
        name: RowParallelBranch(cfg.d_model, cfg.d_ff, reduce, axes, key=k)
        for (name, reduce), k in zip(cfg.branch_reduce, keys)
    }

  def __call__(self, x):
    for name in sorted(self.branches):
      x = x + self.branches[name](x)
    return x


class Net(eqx.Module):
  blocks: list

  def __init__(self, cfg, axes, *, key):
    self.blocks = [Block(cfg, axes, key=k) for k in jax.random.split(key, cfg.n_blocks)]

  def __call__(self, x):
    for b in self.blocks:
      x = b(x)
    return x


def build(cfg, axes, seed=0):
  return Net(cfg, axes, key=jax.random.PRNGKey(seed))
