import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

N_STAGES = 4
CHAIN = [(i, i + 1) for i in range(N_STAGES - 1)]


class Stage(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, x):
    h = nn.relu(nn.Dense(self.dim)(x))
    tok = lax.psend(h, 'stage', CHAIN)
    return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'stage', CHAIN)


class Pipeline(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, xs):
    stages = nn.vmap(Stage, variable_axes={'params': 0}, split_rngs={'params': True},
                     in_axes=0, out_axes=0, axis_name='stage', axis_size=N_STAGES)
    return stages(self.dim)(xs)


model = Pipeline(dim=16)
xs = jnp.ones((N_STAGES, 8, 16))
params = jax.eval_shape(model.init, jax.random.key(0), xs)


@jax.jit
def run(params, xs):
  return model.apply(params, xs)


run.trace(params, xs).lower(lowering_platforms=('cuda',))
