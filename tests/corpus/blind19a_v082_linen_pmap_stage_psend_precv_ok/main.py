import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax

N = 4
PERM = [(i, i + 1) for i in range(N - 1)]


class Stage(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.gelu(nn.Dense(x.shape[-1])(x))


stage = Stage()


def hop(params, x):
  y = stage.apply(params, x)
  tok = lax.psend(y, 'pp', PERM)
  return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pp', PERM)


params = {'params': {'Dense_0': {'kernel': jnp.zeros((N, 32, 32)), 'bias': jnp.zeros((N, 32))}}}
hop_p = jax.pmap(hop, axis_name='pp')
jax.jit(hop_p).trace(params, jnp.ones((N, 8, 32))).lower(lowering_platforms=('cuda',))
