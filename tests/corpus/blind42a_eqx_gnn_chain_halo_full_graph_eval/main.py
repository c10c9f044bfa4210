import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from gnn import ChainGNN

AXIS = 'nodes'
N = jax.device_count()
mesh = Mesh(np.array(jax.devices()), (AXIS,))
model = ChainGNN(16, 3, depth=2, axis=AXIS, n_parts=N, key=jax.random.key(0))


def loss_fn(model, h, y):
  logits = model(h)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@eqx.filter_jit
def train_loss(model, h, y):
  params, static = eqx.partition(model, eqx.is_array)

  def local(params, h, y):
    return lax.pmean(loss_fn(eqx.combine(params, static), h, y), AXIS)

  return jax.shard_map(local, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)), out_specs=P())(params, h, y)


@eqx.filter_jit
def accuracy(model, h, y):
  # the full graph fits on one device for evaluation
  return jnp.mean(jnp.argmax(model(h), -1) == y)


h = jnp.ones((N * 25, 16))
y = jnp.zeros((N * 25,), jnp.int32)
params, static = eqx.partition(model, eqx.is_array)
jax.jit(lambda p, h, y: train_loss(eqx.combine(p, static), h, y)).trace(params, h, y).lower(lowering_platforms=('cuda',))
jax.jit(lambda p, h, y: accuracy(eqx.combine(p, static), h, y)).trace(params, h, y).lower(lowering_platforms=('cuda',))
print('lowered')
