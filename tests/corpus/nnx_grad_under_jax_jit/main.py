"""An NNX module trained with plain jax.jit: nnx.grad takes the gradients, which are averaged
over `data` before the SGD update."""
import jax
import jax.numpy as jnp
from flax import nnx

class Linear(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.w = nnx.Param(jax.random.normal(rngs.params(), (din, dout)) * 0.02)
    self.b = nnx.Param(jnp.zeros((dout,)))

  def __call__(self, x):
    return x @ self.w[...] + self.b[...]


def loss_fn(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


@jax.jit
def sgd_step(model, x, y):
  grads = nnx.grad(loss_fn)(model, x, y)
  grads = jax.lax.pmean(grads, 'data')
  params = nnx.state(model, nnx.Param)
  nnx.update(model, jax.tree.map(lambda p, g: p - 0.1 * g, params, grads))
  return model


model = Linear(8, 2, rngs=nnx.Rngs(0))
sgd_step.trace(model, jnp.ones((16, 8)), jnp.ones((16, 2))).lower(lowering_platforms=("cuda",))
