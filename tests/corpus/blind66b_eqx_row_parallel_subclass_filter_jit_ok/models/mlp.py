import equinox as eqx
import jax

from models.linear import ColumnParallelLinear, RowParallelLinear


class ParallelBlock(eqx.Module):
  up: ColumnParallelLinear
  down: RowParallelLinear

  def __init__(self, width, hidden, *, key):
    k1, k2 = jax.random.split(key)
    self.up = ColumnParallelLinear(width, hidden, key=k1)
    self.down = RowParallelLinear(hidden, width, key=k2)

  def __call__(self, x):
    return x + self.down(jax.nn.gelu(self.up(x)))


class ParallelMLP(eqx.Module):
  blocks: list
  readout: eqx.nn.Linear

  def __init__(self, width, hidden, depth, out_size, *, key):
    keys = jax.random.split(key, depth + 1)
    self.blocks = [ParallelBlock(width, hidden, key=k) for k in keys[:-1]]
    self.readout = eqx.nn.Linear(width, out_size, key=keys[-1])

  def __call__(self, x):
    for block in self.blocks:
      x = block(x)
    return self.readout(x)
