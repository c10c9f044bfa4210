from flax import nnx


def make_train_step(mesh):

  @nnx.jit
  def train_step(model, optimizer, images, texts):

    def loss_fn(model):
      return model.contrastive_loss(images, texts)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss

  return train_step
