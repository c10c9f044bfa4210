import jax.numpy as jnp
from flax import nnx


@nnx.vmap(in_axes=(0, None), out_axes=0)
def ensemble_forward(model, x):
  return model(x)


@nnx.jit
def predict(model, x):
  each, mean = ensemble_forward(model, x)
  return jnp.var(each, axis=0), mean[0]
