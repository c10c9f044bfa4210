import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

BATCH = 'batch'


def center(x):
  return x - lax.pmean(x, BATCH)


def make_model(key):
  k1, k2 = jax.random.split(key)
  return eqx.nn.Sequential([
      eqx.nn.Linear(10, 32, key=k1),
      eqx.nn.Lambda(jax.nn.relu),
      eqx.nn.Lambda(center),
      eqx.nn.Linear(32, 3, key=k2),
  ])


@eqx.filter_jit
def predict(model, xs):
  return eqx.filter_vmap(model)(xs)


def main():
  model = make_model(jax.random.key(0))
  xs = jnp.ones((16, 10))
  params, static = eqx.partition(model, eqx.is_array)
  f = jax.jit(lambda p, xs: predict(eqx.combine(p, static), xs))
  f.trace(params, xs).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
