import equinox as eqx
import jax


class Stage(eqx.Module):
  mlp: eqx.nn.MLP
  norm: eqx.nn.LayerNorm

  def __init__(self, width, key):
    self.mlp = eqx.nn.MLP(width, width, 2 * width, depth=1, activation=jax.nn.gelu, key=key)
    self.norm = eqx.nn.LayerNorm(width)

  def __call__(self, x):
    return x + jax.vmap(self.mlp)(jax.vmap(self.norm)(x))


def make_stages(width, n, key):
  return eqx.filter_vmap(lambda k: Stage(width, k))(jax.random.split(key, n))
