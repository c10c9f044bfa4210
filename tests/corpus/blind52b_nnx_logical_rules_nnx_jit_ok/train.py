import jax.numpy as jnp
from flax import nnx


def loss_fn(model, batch):
  preds = model(batch['x'])
  return jnp.mean((preds - batch['y']) ** 2)


@nnx.jit
def train_step(model, optimizer: nnx.Optimizer, batch):
  grad_fn = nnx.value_and_grad(loss_fn)
  loss, grads = grad_fn(model, batch)
  optimizer.update(model, grads)
  return loss
