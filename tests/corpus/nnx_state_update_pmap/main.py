"""An autoencoder trained the functional way: nnx.split / nnx.merge around a jax.pmap step
(axis_name 'i'), then nnx.update writes the new parameters back into the module."""
import jax
import jax.numpy as jnp
from flax import nnx


class Model(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.encoder = nnx.Linear(32, 64, rngs=rngs)
    self.decoder = nnx.Linear(64, 32, rngs=rngs)

  def __call__(self, x):
    return self.decoder(nnx.relu(self.encoder(x)))


model = Model(rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)


def loss(params, x):
  m = nnx.merge(graphdef, params)
  return jnp.mean((m(x) - x) ** 2)


def sgd(params, x):
  grads = jax.grad(loss)(params, x)
  grads = jax.lax.pmean(grads, 'i')
  return jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)


p_sgd = jax.pmap(sgd, axis_name='i', in_axes=(None, 0), out_axes=None)
x = jnp.ones((jax.local_device_count(), 8, 32))
jax.jit(p_sgd).trace(params, x).lower(lowering_platforms=("cuda",))
nnx.update(model, nnx.state(model, nnx.Param))
