import optax
from flax import nnx


@nnx.jit
def eval_step(model, batch):
  logits = model(batch['x'])
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch['y']).mean()
  return loss
