import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

N = 4


class Coupler(nnx.Module):
  def __init__(self, d, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    nb = lax.ppermute(x, 'p', [(i, (i + 1) % N) for i in range(N)])
    return x + self.lin(nb)


def step(model, x):
  return model(x)


@nnx.jit
def simulate(model, xs):
  return nnx.vmap(step, in_axes=(None, 0), axis_name='p', axis_size=N)(model, xs)


model = Coupler(8, nnx.Rngs(0))
graphdef, state = nnx.split(model)
jax.jit(lambda s, xs: simulate(nnx.merge(graphdef, s), xs)).trace(state, jnp.ones((N, 8))).lower(
    lowering_platforms=('cuda',))
