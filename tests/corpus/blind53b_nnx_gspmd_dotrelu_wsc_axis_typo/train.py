import jax.numpy as jnp
from flax import nnx


def loss_fn(model, batch):
  x, y = batch
  logits = model(x)
  return jnp.mean((logits - y) ** 2)


@nnx.jit
def train_step(model, optimizer, batch):
  loss, grads = nnx.value_and_grad(loss_fn)(model, batch)
  optimizer.update(model, grads)
  return loss
