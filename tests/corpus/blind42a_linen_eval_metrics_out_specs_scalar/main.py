import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P


class CNN(nn.Module):

  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Conv(16, (3, 3))(x))
    x = nn.avg_pool(x, (2, 2), (2, 2))
    x = nn.relu(nn.Conv(32, (3, 3))(x))
    x = x.mean(axis=(1, 2))
    return nn.Dense(10)(x)


mesh = Mesh(np.array(jax.devices()), ('data',))
model = CNN()
params = model.init(jax.random.key(0), jnp.ones((1, 28, 28, 1)))


def eval_shard(params, images, labels):
  logits = model.apply(params, images)
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  acc = jnp.mean(jnp.argmax(logits, -1) == labels)
  return {'loss': jax.lax.pmean(loss, 'data'), 'accuracy': jax.lax.pmean(acc, 'data')}


eval_step = jax.jit(jax.shard_map(
    eval_shard, mesh=mesh, in_specs=(P(), P('data'), P('data')),
    out_specs={'loss': P('data'), 'accuracy': P('data')}))

images = jnp.ones((64, 28, 28, 1))
labels = jnp.zeros((64,), jnp.int32)
eval_step.trace(params, images, labels).lower(lowering_platforms=('cuda',))
print('lowered')
