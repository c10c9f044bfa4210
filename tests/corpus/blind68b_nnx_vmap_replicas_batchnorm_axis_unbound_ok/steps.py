import optax
from flax import nnx

import net

# Params, batch stats and the dropout RNG state are shared by all replicas.
shared = nnx.StateAxes({...: None})


def replica_loss(model, x, y):
  logits = model(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


batched_loss = nnx.vmap(replica_loss, in_axes=(shared, 0, 0), out_axes=0,
                        axis_name=net.REPLICA_AXIS, spmd_axis_name='data')


@nnx.jit
def train_step(model, optimizer, x, y):

  def loss_fn(model):
    return batched_loss(model, x, y).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss
