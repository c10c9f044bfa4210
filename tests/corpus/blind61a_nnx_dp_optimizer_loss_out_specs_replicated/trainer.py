import jax
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class ConvNet(nnx.Module):

  def __init__(self, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(1, 32, kernel_size=(3, 3), rngs=rngs)
    self.conv2 = nnx.Conv(32, 64, kernel_size=(3, 3), rngs=rngs)
    self.head = nnx.Linear(64, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.conv1(x))
    x = nnx.relu(self.conv2(x))
    return self.head(x.mean(axis=(1, 2)))


def make_train_step(mesh, axis: str = "data"):

  @nnx.jit(donate_argnums=(0, 1))
  @nnx.shard_map(
      mesh=mesh,
      in_specs=(P(), P(), P(axis), P(axis)),
      out_specs=P(),
  )
  def train_step(model: ConvNet, optimizer: nnx.Optimizer, images, labels):
    def loss_fn(model):
      logits = model(images)
      return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.lax.pmean(grads, axis)
    optimizer.update(model, grads)
    return loss

  return train_step
