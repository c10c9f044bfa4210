import equinox as eqx
import jax
import jax.numpy as jnp

from mylib.model import make_ensemble
from mylib.train import make_eval

AXIS = 'ensemble'
ensemble = make_ensemble(jax.random.key(0), 5, AXIS)
params, static = eqx.partition(ensemble, eqx.is_array)
evaluate = make_eval(AXIS)


def run(params, x):
  return evaluate(eqx.combine(params, static), x)


x = jnp.ones((16, 8))
jax.jit(run).trace(params, x).lower(lowering_platforms=('cuda',))
