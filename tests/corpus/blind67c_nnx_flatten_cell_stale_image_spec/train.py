import jax
import optax
from flax import nnx


def make_step(graphdef, axis_name, lr=1e-2):

  def step(params, x, y):
    def loss_fn(params):
      logits = nnx.merge(graphdef, params)(x)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, axis_name)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, jax.lax.pmean(loss, axis_name)

  return step
