import jax
import optax
from flax import nnx

from parallel import grad_sync


class Trainer:

  def __init__(self, model, cfg):
    self.model = model
    self.cfg = cfg
    self._sync = grad_sync.get_sync_fn(cfg.grad_sync)
    self.train_step = nnx.jit(self._train_step)

  def _loss_fn(self, model, batch):
    logits = model(batch["image"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()
    return loss, logits

  def _train_step(self, model, batch):
    grad_fn = nnx.value_and_grad(self._loss_fn, has_aux=True)
    (loss, _), grads = grad_fn(model, batch)
    grads = self._sync(grads, self.cfg.data_axis)
    params = nnx.state(model, nnx.Param)
    lr = self.cfg.learning_rate
    nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
    return loss
