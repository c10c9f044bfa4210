import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class Head(eqx.Module):
  proj: eqx.nn.Linear

  def __call__(self, x):
    z = self.proj(x)
    return z - lax.pmean(z, 'batch')


def head(model, x):
  return model(x)


@eqx.filter_jit
def embed(model, xs):
  return eqx.filter_vmap(head, in_axes=(None, 0), axis_name='batch')(model, xs)


model = Head(eqx.nn.Linear(16, 8, key=jax.random.key(1)))
jax.jit(lambda xs: embed(model, xs)).trace(jnp.ones((32, 16))).lower(
    lowering_platforms=('cuda',))
