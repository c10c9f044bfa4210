import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax

ENSEMBLE = 'ensemble'


class Member(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.features)(x)
    # centre each member's prediction around the ensemble average
    return y - lax.pmean(y, axis_name=ENSEMBLE)


class Ensemble(nn.Module):
  n: int
  features: int

  @nn.compact
  def __call__(self, x):
    VMember = nn.vmap(Member, variable_axes={'params': 0}, split_rngs={'params': True},
                      in_axes=None, out_axes=0, axis_size=self.n, axis_name=ENSEMBLE)
    return VMember(self.features)(x)


def main():
  model = Ensemble(n=4, features=8)
  x = jnp.ones((2, 16))
  params = model.init(jax.random.key(0), x)
  jax.jit(model.apply).trace(params, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
