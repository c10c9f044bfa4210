"""Data-parallel train step written against shard_map's replication-checked autodiff.

With check_vma (the default), the cotangent of a replicated (P()) input is summed over the mesh
axes it is replicated on, so normalizing the loss by the *global* batch size yields averaged
gradients with no explicit collective on them."""
import jax
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

DATA = 'data'


def make_train_step(mesh, global_batch):
  def loss_fn(model, batch):
    logits = model(batch['image'])
    per_example = optax.softmax_cross_entropy_with_integer_labels(logits, batch['label'])
    return per_example.sum() / global_batch, logits

  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P(DATA)), out_specs=P())
  def step(model, optimizer, batch):
    (loss, logits), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model, batch)
    optimizer.update(model, grads)  # grads are already replicated (summed over `data`)
    correct = (logits.argmax(-1) == batch['label']).sum()
    return {'loss': jax.lax.psum(loss, DATA),
            'accuracy': jax.lax.psum(correct, DATA) / global_batch}

  return nnx.jit(step)
