import jax.numpy as jnp
from flax import nnx

from ensemble import ensemble_predict, make_ensemble

ensemble = make_ensemble(5, 10, 3)


@nnx.jit
def predict(ensemble, x):
  return ensemble_predict(ensemble, x)


predict.trace(ensemble, jnp.ones((4, 10))).lower(lowering_platforms=('cuda',))
