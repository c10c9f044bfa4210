import equinox as eqx
import jax

from kernels import remote_shift


class ShiftMLP(eqx.Module):
  up: eqx.nn.Linear
  down: eqx.nn.Linear
  axis_name: str = eqx.field(static=True)

  def __init__(self, dim, hidden, *, key, axis_name="model"):
    k1, k2 = jax.random.split(key)
    self.up = eqx.nn.Linear(dim, hidden, key=k1)
    self.down = eqx.nn.Linear(hidden, dim, key=k2)
    self.axis_name = axis_name

  def __call__(self, x, neighbor):
    h = jax.nn.gelu(jax.vmap(self.up)(x))
    h = remote_shift(h, neighbor, axis_name=self.axis_name)
    return jax.vmap(self.down)(h)
