import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from train import loss_fn, sgd

mesh = Mesh(np.array(jax.devices()), ('batch',))

sharded_loss = jax.shard_map(
    lambda p, x, y: jax.lax.pmean(loss_fn(p, x, y), 'batch'),
    mesh=mesh, in_specs=(P(), P('batch'), P('batch')), out_specs=P())


@jax.jit
def train_step(params, x, y):
  loss, grads = jax.value_and_grad(sharded_loss)(params, x, y)
  grads = jax.lax.pmean(grads, axis_name='batch')
  return sgd(params, grads), loss


if __name__ == '__main__':
  params = {'w': jnp.zeros((8, 1)), 'b': jnp.zeros((1,))}
  train_step.trace(params, jnp.ones((16, 8)), jnp.ones((16, 1))).lower(
      lowering_platforms=('cuda',))
