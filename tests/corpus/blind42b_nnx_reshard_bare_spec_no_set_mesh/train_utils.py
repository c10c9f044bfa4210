import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def cross_entropy(logits, labels):
  # gather the class dimension before the softmax
  logits = jax.sharding.reshard(logits, P('data', None))
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@nnx.jit
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(lambda m: cross_entropy(m(x), y))(model)
  optimizer.update(model, grads)
  return loss
