import jax
import jax.numpy as jnp
import optax
from flax import nnx

from model import Net


@nnx.jit
def train_step(model, optimizer, x, y):

  def loss_fn(model):
    logits = model(x, train=True)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


if __name__ == '__main__':
  model = Net(256, 10, rngs=nnx.Rngs(params=0, layerdrop=1))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  x = jnp.ones((32, 256), jnp.float32)
  y = jnp.zeros((32,), jnp.int32)
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('tpu',))
