"""Data-parallel train step: every device sees a slice of the batch and the gradients are
averaged with pmean before the optimizer update."""
import jax
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def loss_fn(model, batch):
  logits = model(batch['image'])
  loss = optax.softmax_cross_entropy_with_integer_labels(
      logits=logits, labels=batch['label']).mean()
  return loss, logits


def make_train_step(mesh, config):

  @nnx.jit
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P(*mesh.axis_names)), out_specs=P())
  def train_step(model, optimizer, batch):
    grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
    (loss, logits), grads = grad_fn(model, batch)
    grads = jax.lax.pmean(grads, axis_name=config['data_axis'])
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, axis_name=config['data_axis'])

  return train_step
