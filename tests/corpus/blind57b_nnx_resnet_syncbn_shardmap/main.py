import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class BasicBlock(nnx.Module):
  def __init__(self, channels: int, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(channels, channels, (3, 3), use_bias=False, rngs=rngs)
    self.bn1 = nnx.BatchNorm(channels, momentum=0.9, axis_name='data', rngs=rngs)
    self.conv2 = nnx.Conv(channels, channels, (3, 3), use_bias=False, rngs=rngs)
    self.bn2 = nnx.BatchNorm(channels, momentum=0.9, axis_name='data', rngs=rngs)

  def __call__(self, x):
    residual = x
    y = nnx.relu(self.bn1(self.conv1(x)))
    y = self.bn2(self.conv2(y))
    return nnx.relu(y + residual)


class TinyResNet(nnx.Module):
  def __init__(self, num_classes: int = 10, *, rngs: nnx.Rngs):
    self.stem = nnx.Conv(3, 16, (3, 3), rngs=rngs)
    self.stem_bn = nnx.BatchNorm(16, momentum=0.9, axis_name='data', rngs=rngs)
    self.blocks = nnx.List([BasicBlock(16, rngs=rngs) for _ in range(2)])
    self.head = nnx.Linear(16, num_classes, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.stem_bn(self.stem(x)))
    for block in self.blocks:
      x = block(x)
    x = jnp.mean(x, axis=(1, 2))
    return self.head(x)


mesh = jax.make_mesh((4,), ('data',))


@nnx.jit
def train_step(model, optimizer, images, labels):

  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data'), P('data')), out_specs=P())
  def sharded_step(model, optimizer, images, labels):
    def loss_fn(model):
      logits = model(images)
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
      return jax.lax.pmean(loss, 'data')

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss

  return sharded_step(model, optimizer, images, labels)


def main():
  model = TinyResNet(rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)
  data_sharding = NamedSharding(mesh, P('data'))
  images = jax.device_put(jnp.ones((32, 16, 16, 3)), data_sharding)
  labels = jax.device_put(jnp.zeros((32,), jnp.int32), data_sharding)
  lowered = train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('tpu',))
  return lowered


if __name__ == '__main__':
  main()
