"""Data-parallel SGD following the shard_map tutorial's neural-network section."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import model


class DataParallel:
  def __init__(self, mesh, lr=0.1):
    self.mesh, self.lr = mesh, lr

  def loss(self, params, batch):
    # each device computes the loss on its slice of the batch
    per_shard = jax.shard_map(lambda b: model.loss(params, b), mesh=self.mesh,
                              in_specs=P('batch', None), out_specs=P())
    return per_shard(batch)

  def update(self, params, batch):
    grads = jax.grad(self.loss)(params, batch)
    return jax.tree.map(lambda p, g: p - self.lr * g, params, grads)


def main():
  mesh = Mesh(np.array(jax.devices()), ('batch',))
  dp = DataParallel(mesh)
  params = model.init_params(jax.random.key(0), [32, 64, 4])
  sh = NamedSharding(mesh, P('batch', None))
  batch = (jax.device_put(jnp.ones((16, 32)), sh), jax.device_put(jnp.ones((16, 4)), sh))
  jax.jit(dp.update).trace(params, batch).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
