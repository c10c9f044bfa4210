"""Small ViT-ish stem: conv patch embedding + cross-replica BatchNorm under shard_map."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

PATCH = 4


class PatchStem(nnx.Module):

  def __init__(self, channels, dim, n_classes, rngs):
    self.patch = nnx.Conv(channels, dim, kernel_size=(PATCH, PATCH), strides=(PATCH, PATCH),
                          padding='VALID', rngs=rngs)
    self.bn = nnx.BatchNorm(dim, axis_name='data', rngs=rngs)
    self.head = nnx.Linear(dim, n_classes, rngs=rngs)

  def __call__(self, images):
    x = self.patch(images)
    x = self.bn(x)
    x = nnx.gelu(x)
    return self.head(x.mean(axis=(1, 2)))


mesh = Mesh(np.array(jax.devices()).reshape(4), ('data',))
model = PatchStem(3, 64, 10, nnx.Rngs(0))
graphdef, params, stats = nnx.split(model, nnx.Param, nnx.BatchStat)
tx = optax.adamw(3e-4)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P(), P('data'), P('data')),
         out_specs=(P(), P(), P(), P()))
def train_step(params, stats, opt_state, images, labels):

  m = nnx.merge(graphdef, params, stats)

  def loss_fn(m):
    logits = m(images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(m)
  new_stats = nnx.state(m, nnx.BatchStat)
  grads = jax.lax.pmean(grads, 'data')
  loss = jax.lax.pmean(loss, 'data')
  updates, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, updates)
  return params, new_stats, opt_state, loss


def main():
  opt_state = tx.init(params)
  images = jnp.zeros((32, 32, 32, 3), jnp.float32)
  labels = jnp.zeros((32,), jnp.int32)
  train_step.trace(params, stats, opt_state, images, labels).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
