import jax
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def cross_entropy(model, images, labels):
  logits = model(images)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def build_train_step(mesh, axis):
  def train_step(model, optimizer, images, labels):
    loss, grads = nnx.value_and_grad(cross_entropy)(model, images, labels)
    grads = jax.lax.pmean(grads, axis)
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, axis)

  sharded = nnx.shard_map(train_step, mesh=mesh,
                          in_specs=(P(), P(), P(axis), P(axis)), out_specs=P())
  return nnx.jit(sharded, donate_argnums=(0, 1))
