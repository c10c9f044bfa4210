import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def loss_fn(model, batch):
  logits = model(batch["image"])
  labels = batch["label"]
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  return loss, (jnp.argmax(logits, -1) == labels).mean()


class Trainer:
  def __init__(self, model, optimizer, mesh, axis="data"):
    self.model = model
    self.optimizer = optimizer
    self.mesh = mesh
    self.axis = axis
    batch_spec = {"image": P(axis), "label": P(axis)}
    # v1 of this trainer used plain SGD on the model; the optimizer argument
    # was added to _step later.
    self._step = nnx.jit(nnx.shard_map(
        self._per_device, mesh=mesh,
        in_specs=(P(), batch_spec),
        out_specs=(P(), P())))

  def _per_device(self, model, optimizer, batch):
    (loss, acc), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model, batch)
    grads = jax.lax.pmean(grads, self.axis)
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, self.axis), jax.lax.pmean(acc, self.axis)

  def lower_step(self, batch, platform):
    return self._step.trace(self.model, self.optimizer, batch).lower(
        lowering_platforms=(platform,))
