"""Small ViT-ish stem: conv patch embedding + cross-replica BatchNorm, data-parallel."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

PATCH = 4


class PatchStem(nnx.Module):

  def __init__(self, channels, dim, n_classes, rngs):
    self.patch = nnx.Conv(channels, dim, kernel_size=(PATCH, PATCH), strides=(PATCH, PATCH),
                          padding='VALID', rngs=rngs)
    self.bn = nnx.BatchNorm(dim, axis_name='data', rngs=rngs)
    self.head = nnx.Linear(dim, n_classes, rngs=rngs)

  def __call__(self, images):
    x = self.patch(images)                      # (b, h/p, w/p, dim)
    x = self.bn(x)
    x = nnx.gelu(x)
    return self.head(x.mean(axis=(1, 2)))


def loss_fn(model, images, labels):
  logits = model(images)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


mesh = Mesh(np.array(jax.devices()).reshape(4), ('data',))
batch_sharding = NamedSharding(mesh, P('data'))


@nnx.jit
def train_step(model, optimizer, images, labels):
  loss, grads = nnx.value_and_grad(loss_fn)(model, images, labels)
  optimizer.update(model, grads)
  return loss


def main():
  model = PatchStem(3, 64, 10, nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
  images = jax.ShapeDtypeStruct((32, 32, 32, 3), jnp.float32, sharding=batch_sharding)
  labels = jax.ShapeDtypeStruct((32,), jnp.int32, sharding=batch_sharding)
  train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
