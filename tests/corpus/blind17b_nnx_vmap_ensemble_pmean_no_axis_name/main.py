import jax.numpy as jnp
from flax import nnx

from mylib.model import create_ensemble
from mylib.train import predict

ensemble = create_ensemble(nnx.Rngs(0).split(5))
x = jnp.ones((16, 8))
predict.trace(ensemble, x).lower(lowering_platforms=('cuda',))
