import jax
import optax
from flax import nnx

from config import ParallelConfig

CFG = ParallelConfig()


def cross_entropy(model, batch):
  logits = model(batch['image'])
  return optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()


def local_grads(model, batch):
  loss, grads = nnx.value_and_grad(cross_entropy)(model, batch)
  grads = jax.lax.pmean(grads, CFG.data_axis)
  return jax.lax.pmean(loss, CFG.data_axis), grads
