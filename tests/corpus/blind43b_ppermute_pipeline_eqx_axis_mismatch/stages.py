import equinox as eqx
import jax


class StageMLP(eqx.Module):
  l1: eqx.nn.Linear
  l2: eqx.nn.Linear

  def __init__(self, dim, key):
    k1, k2 = jax.random.split(key)
    self.l1 = eqx.nn.Linear(dim, dim, key=k1)
    self.l2 = eqx.nn.Linear(dim, dim, key=k2)

  def __call__(self, x):
    return self.l2(jax.nn.relu(self.l1(x)))


def stacked_stages(num_stages, dim, key):
  return eqx.filter_vmap(lambda k: StageMLP(dim, k))(jax.random.split(key, num_stages))
