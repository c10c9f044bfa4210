import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class Stage(nn.Module):
  n: int

  @nn.jit
  @nn.compact
  def __call__(self, x):
    y = nn.relu(nn.Dense(x.shape[-1])(x))
    pairs = tuple((i, i + 1) for i in range(self.n - 1))
    tok = lax.psend(y, 'stage', pairs)
    return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', pairs)


class Model(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.Dense(8)(Stage(n=4)(x))


model = Model()
x = jnp.ones((4, 16))
variables = jax.eval_shape(model.init, jax.random.PRNGKey(0), x)
jax.jit(model.apply).trace(variables, x).lower(lowering_platforms=('cuda',))
