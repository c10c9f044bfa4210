import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from model import SmallResNet

mesh = Mesh(np.array(jax.devices()), ('data',))


def loss_fn(model, images, labels):
  logits = model(images)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@nnx.jit
def train_step(model, optimizer, images, labels):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=(P(), P()))
  def step(model, images, labels):
    loss, grads = nnx.value_and_grad(loss_fn)(model, images, labels)
    return jax.lax.pmean(loss, 'data'), jax.lax.pmean(grads, 'data')

  loss, grads = step(model, images, labels)
  optimizer.update(model, grads)
  return loss


if __name__ == '__main__':
  model = SmallResNet(axis_name='data', rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)
  images = jnp.zeros((16, 16, 16, 3))
  labels = jnp.zeros((16,), jnp.int32)
  train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('cuda',))
