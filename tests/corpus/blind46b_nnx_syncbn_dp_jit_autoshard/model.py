"""A small CNN-ish MLP in the style of the Flax NNX MNIST tutorial."""
from flax import nnx
import jax.numpy as jnp


class MLP(nnx.Module):
  def __init__(self, din: int, dhidden: int, dout: int, *, rngs: nnx.Rngs, axis_name=None):
    self.linear1 = nnx.Linear(din, dhidden, rngs=rngs)
    # Synchronised batch norm: statistics are averaged over `axis_name`.
    self.bn = nnx.BatchNorm(dhidden, axis_name=axis_name, rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.bn(self.linear1(x)))
    x = self.dropout(x)
    return self.linear2(x)


def loss_fn(model: MLP, batch):
  logits = model(batch['image'])
  labels = batch['label']
  one_hot = jnp.eye(logits.shape[-1])[labels]
  loss = -jnp.mean(jnp.sum(one_hot * nnx.log_softmax(logits), axis=-1))
  return loss, logits
