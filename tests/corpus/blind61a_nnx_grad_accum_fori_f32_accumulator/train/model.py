import jax.numpy as jnp
from flax import nnx


class MLPRegressor(nnx.Module):

  def __init__(self, din, dhidden, *, rngs: nnx.Rngs):
    self.l1 = nnx.Linear(din, dhidden, param_dtype=jnp.bfloat16, dtype=jnp.bfloat16, rngs=rngs)
    self.drop = nnx.Dropout(0.1, deterministic=True, rngs=rngs)
    self.l2 = nnx.Linear(dhidden, 1, param_dtype=jnp.bfloat16, dtype=jnp.bfloat16, rngs=rngs)

  def __call__(self, x):
    return self.l2(self.drop(nnx.relu(self.l1(x))))[..., 0]
