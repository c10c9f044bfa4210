"""An NNX module under plain jax.jit: nnx.value_and_grad, then the loss summed over `data`
for logging."""
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
def grads_step(model, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  total = jax.lax.psum(loss, 'data')
  return total, grads


model = Linear(8, 2, rngs=nnx.Rngs(0))
grads_step.trace(model, jnp.ones((16, 8)), jnp.ones((16, 2))).lower(lowering_platforms=("cuda",))
