import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.l1 = nnx.Linear(din, 32, rngs=rngs)
    self.l2 = nnx.Linear(32, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


@nnx.split_rngs(splits=4)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs: nnx.Rngs):
  return MLP(8, 3, rngs=rngs)


def member_forward(member, x):
  y = member(x)
  return y - jax.lax.pmean(y, axis_name='ensemble')


@nnx.jit
def ensemble_forward(ensemble, x):
  return nnx.vmap(member_forward, in_axes=(0, None), out_axes=0)(ensemble, x)


ensemble = create_ensemble(nnx.Rngs(0))
x = jnp.ones((5, 8))
print(ensemble_forward.trace(ensemble, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
