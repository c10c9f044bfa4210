"""Data-parallel train / eval steps: the batch is split over `data`, everything else is
replicated, and gradients and metrics are averaged across replicas."""
import jax
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

DATA = 'data'


def loss_fn(model, batch):
  logits = model(batch['image'])
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()
  return loss, logits


def make_steps(mesh):
  @nnx.jit
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P(DATA)), out_specs=P())
  def train_step(model, optimizer, batch):
    (loss, logits), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model, batch)
    grads = jax.lax.pmean(grads, axis_name=DATA)
    optimizer.update(model, grads)
    accuracy = (logits.argmax(-1) == batch['label']).mean()
    return jax.lax.pmean({'loss': loss, 'accuracy': accuracy}, axis_name=DATA)

  @nnx.jit
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(DATA)), out_specs=P())
  def eval_step(model, batch):
    loss, logits = loss_fn(model, batch)
    accuracy = (logits.argmax(-1) == batch['label']).mean()
    return jax.lax.pmean({'loss': loss, 'accuracy': accuracy}, axis_name=DATA)

  return train_step, eval_step
