from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def init_layer(key, n_in, n_out):
  k1, k2 = jax.random.split(key)
  W = jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in)
  b = jax.random.normal(k2, (n_out,))
  return W, b


def predict(params, inputs):
  for W, b in params:
    outputs = jnp.dot(inputs, W) + b
    inputs = jax.nn.relu(outputs)
  return outputs


class Trainer:
  def __init__(self, mesh, lr=1e-3):
    self.mesh = mesh
    self.lr = lr
    self.step = jax.jit(self._step)

  def loss_dp(self, params, batch):
    @partial(jax.shard_map, mesh=self.mesh, in_specs=P('batch', None), out_specs=P())
    def loss_spmd(local_batch):
      inputs, targets = local_batch
      predictions = predict(params, inputs)
      local_loss = jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1))
      return jax.lax.pmean(local_loss, 'batch')
    return loss_spmd(batch)

  def _step(self, params, batch):
    loss, grads = jax.value_and_grad(self.loss_dp)(params, batch)
    params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
    return params, loss


def main():
  mesh = Mesh(np.array(jax.devices()), ('batch',))
  sizes = [784, 128, 10]
  keys = jax.random.split(jax.random.key(0), len(sizes) - 1)
  params = [init_layer(k, a, b) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]
  data = NamedSharding(mesh, P('batch', None))
  batch = (jax.ShapeDtypeStruct((64, 784), jnp.float32, sharding=data),
           jax.ShapeDtypeStruct((64, 10), jnp.float32, sharding=data))
  trainer = Trainer(mesh)
  trainer.step.trace(params, batch).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
