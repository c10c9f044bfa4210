import jax
import jax.numpy as jnp
import optax
from flax import nnx

from mlp import MLP

mesh = jax.make_mesh((4,), ('data',))
model = MLP(mesh, 32, 128, 8, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


x = jnp.ones((32, 32))
y = jnp.zeros((32,), jnp.int32)
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))
