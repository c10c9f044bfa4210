import equinox as eqx
import jax
import jax.numpy as jnp

from model import Classifier
from optim import sgd_step


def main():
  n = jax.local_device_count()
  keys = jax.random.split(jax.random.key(0), n)
  # identical replicas: same key broadcast, one copy per device
  models = eqx.filter_vmap(Classifier)(jnp.stack([keys[0]] * n))
  p_step = eqx.filter_pmap(sgd_step, axis_name='replica')
  x = jnp.ones((n, 8, 12))
  y = jnp.zeros((n, 8), jnp.int32)
  params, static = eqx.partition(models, eqx.is_array)
  step = jax.jit(lambda p, x, y: eqx.filter(p_step(eqx.combine(p, static), x, y), eqx.is_array))
  step.trace(params, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
