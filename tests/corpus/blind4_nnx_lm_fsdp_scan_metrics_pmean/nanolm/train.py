"""Train step: nnx.value_and_grad with aux metrics, nnx.Optimizer update, under nnx.jit."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

from .config import TrainConfig


def cross_entropy(logits, targets, label_smoothing=0.0):
  vocab = logits.shape[-1]
  onehot = jax.nn.one_hot(targets, vocab)
  if label_smoothing:
    onehot = optax.smooth_labels(onehot, label_smoothing)
  return optax.softmax_cross_entropy(logits, onehot).mean()


def make_train_step(tcfg: TrainConfig):
  def loss_fn(model, batch):
    logits = model(batch['inputs'])
    loss = cross_entropy(logits, batch['targets'], tcfg.label_smoothing)
    acc = (logits.argmax(-1) == batch['targets']).mean()
    return loss, {'loss': loss, 'accuracy': acc}

  @nnx.jit(donate_argnums=(0, 1))
  def train_step(model, optimizer: nnx.Optimizer, batch):
    grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
    (_, metrics), grads = grad_fn(model, batch)
    metrics['grad_norm'] = optax.global_norm(grads)
    optimizer.update(model, grads)
    # average metrics across data-parallel replicas (kept from the pmap version of this step)
    return jax.lax.pmean(metrics, axis_name=tcfg.data_axis)

  return train_step
