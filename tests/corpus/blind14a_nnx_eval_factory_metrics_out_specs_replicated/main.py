import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh
from jax.sharding import PartitionSpec as P


class CNN(nnx.Module):

  def __init__(self, *, rngs: nnx.Rngs):
    self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
    self.linear = nnx.Linear(8 * 14 * 14, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.conv(x))
    x = nnx.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
    return self.linear(x.reshape(x.shape[0], -1))


def make_eval_step(mesh, axis='data'):

  def _eval(model: CNN, images, labels):
    logits = model(images)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    acc = jnp.mean(jnp.argmax(logits, -1) == labels)
    return {'loss': loss, 'accuracy': jax.lax.pmean(acc, axis)}

  sharded = nnx.shard_map(_eval, mesh=mesh,
                          in_specs=(P(), P(axis), P(axis)),
                          out_specs={'loss': P(), 'accuracy': P()})
  return nnx.jit(sharded)


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), ('data',))
  model = CNN(rngs=nnx.Rngs(0))
  eval_step = make_eval_step(mesh)
  images = jnp.zeros((16, 28, 28, 1))
  labels = jnp.zeros((16,), jnp.int32)
  eval_step.trace(model, images, labels).lower(lowering_platforms=('cuda',))
