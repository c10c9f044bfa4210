import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax as L


class CrossNorm(eqx.Module):
  scale: jax.Array
  axis_name: str = eqx.field(static=True)

  def __init__(self, features, axis_name):
    self.scale = jnp.ones((features,))
    self.axis_name = axis_name

  def __call__(self, x):
    mean = L.pmean(x, self.axis_name)
    var = L.pmean((x - mean) ** 2, self.axis_name)
    return self.scale * (x - mean) / jnp.sqrt(var + 1e-5)


class Net(eqx.Module):
  lin: eqx.nn.Linear
  norm: CrossNorm

  def __init__(self, key):
    self.lin = eqx.nn.Linear(5, 7, key=key)
    self.norm = CrossNorm(7, 'batch')

  def __call__(self, x):
    return self.norm(self.lin(x))


net = Net(jax.random.key(0))


@eqx.filter_jit
def forward(net, xs):
  return eqx.filter_vmap(net, axis_name='batch')(xs)


params, static = eqx.partition(net, eqx.is_array)
f = jax.jit(lambda p, xs: forward(eqx.combine(p, static), xs))
print(f.trace(params, jnp.ones((12, 5))).lower(lowering_platforms=('cuda',)).as_text()[:20])
