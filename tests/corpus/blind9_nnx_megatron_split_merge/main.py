import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from layers import ParallelMLP

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  model = ParallelMLP(32, 128, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
param_specs = nnx.get_partition_spec(params)
tx = optax.adam(1e-3)


def loss_fn(params, x, y):
  m = nnx.merge(graphdef, params)
  return jnp.mean((m(x) - y) ** 2)


@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(param_specs, P('data'), P('data')),
                   out_specs=(P(), param_specs))
def sharded_grads(params, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  grads = jax.lax.pmean(grads, 'data')
  return jax.lax.pmean(loss, 'data'), grads


@jax.jit
def train_step(params, opt_state, x, y):
  loss, grads = sharded_grads(params, x, y)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


if __name__ == '__main__':
  opt_state = tx.init(params)
  x = jnp.ones((8, 32))
  y = jnp.zeros((8, 32))
  train_step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
