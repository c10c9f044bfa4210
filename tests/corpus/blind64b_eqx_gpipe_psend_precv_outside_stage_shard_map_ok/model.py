import equinox as eqx
import jax


class Stage(eqx.Module):
  fc1: eqx.nn.Linear
  fc2: eqx.nn.Linear
  norm: eqx.nn.LayerNorm

  def __init__(self, dim, *, key):
    k1, k2 = jax.random.split(key)
    self.fc1 = eqx.nn.Linear(dim, 4 * dim, key=k1)
    self.fc2 = eqx.nn.Linear(4 * dim, dim, key=k2)
    self.norm = eqx.nn.LayerNorm(dim)

  def __call__(self, x):
    return x + self.fc2(jax.nn.gelu(self.fc1(self.norm(x))))


def make_stages(dim, num_stages, key):
  return eqx.filter_vmap(lambda k: Stage(dim, key=k))(jax.random.split(key, num_stages))
