import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P


class ConvNet(nn.Module):
  num_classes: int = 10

  @nn.compact
  def __call__(self, x, train: bool = False):
    x = nn.Conv(32, (3, 3))(x)
    x = nn.BatchNorm(use_running_average=not train)(x)
    x = nn.relu(x)
    x = nn.Conv(64, (3, 3), strides=(2, 2))(x)
    x = nn.BatchNorm(use_running_average=not train)(x)
    x = nn.relu(x)
    x = jnp.mean(x, axis=(1, 2))
    return nn.Dense(self.num_classes)(x)


mesh = Mesh(jax.devices(), ('data',))
model = ConvNet()


def eval_shard(variables, images, labels):
  logits = model.apply(variables, images, train=False)
  correct = jnp.sum(jnp.argmax(logits, -1) == labels)
  return jax.lax.psum(correct, 'data')


eval_step = jax.jit(jax.shard_map(
    eval_shard, mesh=mesh,
    in_specs=(P(), P('data'), P('data')),
    out_specs=P()))

images = jnp.ones((16, 32, 32, 3))
labels = jnp.zeros((16,), jnp.int32)
variables = model.init(jax.random.key(0), images[:1])
print(eval_step.trace(variables, images, labels).lower(lowering_platforms=('cuda',)).as_text()[:40])
