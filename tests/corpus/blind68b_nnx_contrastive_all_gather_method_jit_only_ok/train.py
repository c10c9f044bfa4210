from jax import lax
from jax.sharding import PartitionSpec as P
from flax import nnx


def make_train_step(mesh):

  @nnx.jit
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data'), P('data')),
                 out_specs=P())
  def train_step(model, optimizer, images, texts):

    def loss_fn(model):
      return lax.pmean(model.contrastive_loss(images, texts), 'data')

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss

  return train_step
