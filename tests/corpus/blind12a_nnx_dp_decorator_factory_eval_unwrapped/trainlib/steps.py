import jax
import jax.numpy as jnp
import optax
from flax import nnx

from .parallel import data_parallel, global_mean


class Net(nnx.Module):

  def __init__(self, rngs):
    self.body = nnx.Linear(20, 32, rngs=rngs)
    self.head = nnx.Linear(32, 5, rngs=rngs)

  def __call__(self, x):
    return self.head(nnx.silu(self.body(x)))


def build_steps(mesh, graphdef):

  @jax.jit
  @data_parallel(mesh)
  def train_step(state, x, y):
    model, opt = nnx.merge(graphdef, state)

    def loss_fn(m):
      return optax.softmax_cross_entropy_with_integer_labels(m(x), y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    opt.update(model, global_mean(grads))
    return nnx.state((model, opt)), global_mean(loss)

  @nnx.jit
  def eval_step(model, x, y):
    logits = model(x)
    acc = jnp.mean(jnp.argmax(logits, -1) == y)
    return global_mean(acc)

  return train_step, eval_step
