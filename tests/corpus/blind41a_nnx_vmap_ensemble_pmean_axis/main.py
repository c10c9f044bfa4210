import jax
import jax.numpy as jnp
from flax import nnx


class Member(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.l1 = nnx.Linear(4, 16, rngs=rngs)
    self.l2 = nnx.Linear(16, 1, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.tanh(self.l1(x)))


@nnx.split_rngs(splits=5)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs):
  return Member(rngs)


ensemble = create_ensemble(nnx.Rngs(0))


@nnx.jit
def predict(ensemble, x):
  @nnx.vmap(in_axes=(0, None), out_axes=0, axis_name='ensemble')
  def member_forward(member, x):
    y = member(x)
    mean = jax.lax.pmean(y, 'ensemble')
    spread = jax.lax.pmean((y - mean) ** 2, 'ensemble')
    return mean, spread

  mean, spread = member_forward(ensemble, x)
  return mean[0], spread[0]


x = jnp.ones((8, 4))
print(predict.trace(ensemble, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
