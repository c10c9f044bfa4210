import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class Scorer(eqx.Module):
  lin: eqx.nn.Linear
  normalize: bool = eqx.field(static=True, default=True)

  def __call__(self, x):
    s = self.lin(x)

    def norm(s):
      return s / lax.psum(jnp.abs(s).sum(), 'batch')

    return lax.cond(self.normalize, norm, lambda s: s, s)


@eqx.filter_jit
def score_all(model, xs):
  return eqx.filter_vmap(model)(xs)


model = Scorer(eqx.nn.Linear(12, 3, key=jax.random.key(0)))
jax.jit(lambda xs: score_all(model, xs)).trace(jnp.ones((10, 12))).lower(
    lowering_platforms=('cuda',))
