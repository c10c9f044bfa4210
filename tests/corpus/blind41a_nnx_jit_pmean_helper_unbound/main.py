import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import dp

mesh = Mesh(np.array(jax.devices()), (dp.DATA_AXIS,))


class Classifier(nnx.Module):
  def __init__(self, rngs):
    self.embed = nnx.Linear(8, 64, rngs=rngs)
    self.norm = nnx.LayerNorm(64, rngs=rngs)
    self.head = nnx.Linear(64, 10, rngs=rngs)

  def __call__(self, x):
    return self.head(nnx.gelu(self.norm(self.embed(x))))


@nnx.jit
def train_step(model, optimizer, batch):
  def loss_fn(model):
    logits = model(batch['x'])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch['y']).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = dp.all_reduce_mean(grads)
  optimizer.update(model, grads)
  return loss


def main():
  model = Classifier(nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
  data_sharding = NamedSharding(mesh, P(dp.DATA_AXIS))
  batch = {
      'x': jax.device_put(jnp.ones((16, 8)), data_sharding),
      'y': jax.device_put(jnp.zeros((16,), jnp.int32), data_sharding),
  }
  train_step.trace(model, optimizer, batch).lower(lowering_platforms=('cuda',))
  print('ok')


if __name__ == '__main__':
  main()
