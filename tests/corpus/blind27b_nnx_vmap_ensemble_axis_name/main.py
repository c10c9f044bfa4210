import jax
import jax.numpy as jnp
from flax import nnx


class Member(nnx.Module):
  def __init__(self, rngs):
    self.dense = nnx.Linear(6, 6, rngs=rngs)

  def __call__(self, x):
    h = jax.nn.gelu(self.dense(x))
    return jax.lax.pmean(h, 'ensemble')  # consensus of the members


@nnx.split_rngs(splits=4)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create(rngs):
  return Member(rngs)


ensemble = create(nnx.Rngs(0))


@nnx.jit
def forward(ensemble, x):
  @nnx.vmap(in_axes=(0, None), out_axes=0, axis_name='ensemble')
  def run(m, x):
    return m(x)
  return run(ensemble, x)


x = jnp.ones((5, 6))
lowered = forward.trace(ensemble, x).lower(lowering_platforms=('cuda',))
print('ok', lowered is not None)
