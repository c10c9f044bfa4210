import jax.numpy as jnp
from flax import nnx

from ensemble import create_ensemble, ensemble_predict

ensemble = create_ensemble(4, 8, 32, 3)
ensemble.eval()


@nnx.jit
def predict(ensemble, x):
  mean, disagreement = ensemble_predict(ensemble, x)
  return mean[0], disagreement.mean(axis=0)


predict.trace(ensemble, jnp.ones((5, 8))).lower(lowering_platforms=('cuda',))
