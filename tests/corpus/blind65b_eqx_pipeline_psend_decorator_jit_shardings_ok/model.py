import equinox as eqx
import jax


class Stage(eqx.Module):
  norm: eqx.nn.LayerNorm
  fc1: eqx.nn.Linear
  fc2: eqx.nn.Linear

  def __init__(self, d_model, key):
    k1, k2 = jax.random.split(key)
    self.norm = eqx.nn.LayerNorm(d_model)
    self.fc1 = eqx.nn.Linear(d_model, 4 * d_model, key=k1)
    self.fc2 = eqx.nn.Linear(4 * d_model, d_model, key=k2)

  def __call__(self, x):
    return x + self.fc2(jax.nn.gelu(self.fc1(self.norm(x))))


def make_stages(cfg, key):
  keys = jax.random.split(key, cfg.num_stages)
  return eqx.filter_vmap(lambda k: Stage(cfg.d_model, k))(keys)
