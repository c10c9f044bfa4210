from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from layers import Stack
from sharding import partition_specs


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  model = Stack(num_layers=4, hidden=512)
  rng = jax.random.key(0)
  x = jax.ShapeDtypeStruct((16, 128), jnp.float32)
  specs = partition_specs(model, mesh, rng, x)

  init = jax.jit(shard_map(model.init, mesh=mesh, in_specs=(P(), P('data')), out_specs=specs))
  variables = jax.eval_shape(init, rng, x)
  tx = optax.sgd(1e-2)

  @jax.jit
  @partial(shard_map, mesh=mesh, in_specs=(specs, P('data'), P('data')), out_specs=(specs, P()))
  def train_step(variables, x, y):
    def loss_fn(v):
      return jnp.mean((model.apply(v, x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(variables)
    grads = jax.lax.pmean(grads, 'data')
    updates, _ = tx.update(grads, tx.init(variables))
    # the gathered activations make the loss vary over 'model' as far as JAX knows
    return optax.apply_updates(variables, updates), jax.lax.pmean(loss, ('data', 'model'))

  train_step.trace(variables, x, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
