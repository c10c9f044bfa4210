"""Multi-device gradients with nnx.pmap (model broadcast, batch mapped over devices, axis_name
'devices'); loss and gradients averaged with pmean."""
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.l1 = nnx.Linear(din, 64, rngs=rngs)
    self.l2 = nnx.Linear(64, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


@nnx.pmap(in_axes=(None, 0, 0), axis_name='devices')
def grad_step(model, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  return jax.lax.pmean(loss, 'devices'), jax.lax.pmean(grads, 'devices')


n = jax.local_device_count()
model = MLP(16, 4, rngs=nnx.Rngs(0))
x = jnp.ones((n, 8, 16))
y = jnp.zeros((n, 8, 4))
nnx.jit(grad_step).trace(model, x, y).lower(lowering_platforms=("cuda",))
