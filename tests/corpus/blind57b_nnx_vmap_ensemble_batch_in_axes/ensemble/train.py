import optax
from flax import nnx


def member_loss(member, batch):
  logits = member(batch['image'])
  return optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()


def ensemble_loss(members, batch):
  # every member sees the same (shared) batch
  per_member = nnx.vmap(member_loss, in_axes=(0, (None, None)))(members, batch)
  return per_member.sum()


@nnx.jit
def train_step(members, optimizer, batch):
  loss, grads = nnx.value_and_grad(ensemble_loss)(members, batch)
  optimizer.update(members, grads)
  return loss
