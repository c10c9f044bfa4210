import jax
import jax.numpy as jnp
import optax
from flax import nnx

from ensemble import MEMBERS, make_ensemble


@nnx.jit
def train_grads(ens, x, y):
  def loss_fn(ens):
    run = nnx.vmap(lambda m, x: m.consensus(x), in_axes=(0, None), axis_name=MEMBERS)
    logits = run(ens, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y[None]).mean()

  return nnx.value_and_grad(loss_fn)(ens)


@nnx.jit
def predict(ens, x):
  # average the members' (consensus) predictions
  probs = nnx.vmap(lambda m, x: jax.nn.softmax(m.consensus(x)), in_axes=(0, None))(ens, x)
  return probs.mean(axis=0)


ens = make_ensemble(4, 32, 10)
x = jnp.ones((16, 32))
y = jnp.zeros((16,), jnp.int32)
train_grads.trace(ens, x, y).lower(lowering_platforms=("tpu",))
predict.trace(ens, x).lower(lowering_platforms=("tpu",))
