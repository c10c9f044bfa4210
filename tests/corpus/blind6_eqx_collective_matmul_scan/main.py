import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

import collective


class ColumnShardedLinear(eqx.Module):
  weight: jax.Array   # (in, out), columns split over the mesh axis

  def __init__(self, din, dout, key):
    self.weight = jax.random.normal(key, (din, dout)) * din ** -0.5

  def __call__(self, x_rows):
    return collective.allgather_matmul(x_rows, self.weight)


mesh = jax.make_mesh((4,), (collective.AXIS,), axis_types=(jax.sharding.AxisType.Explicit,))
model = ColumnShardedLinear(32, 64, jax.random.key(0))
optim = optax.sgd(1e-2)
opt_state = optim.init(model)


@jax.shard_map(in_specs=(P(None, 'i'), P('i')), out_specs=P(None, 'i'))
def forward(weight, x):
  return eqx.tree_at(lambda m: m.weight, model, weight)(x)


def loss_fn(model, x):
  return jnp.mean(forward(model.weight, x) ** 2)


@jax.jit
def train_step(model, opt_state, x):
  loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x)
  updates, opt_state = optim.update(grads, opt_state)
  return eqx.apply_updates(model, updates), opt_state, loss


with jax.set_mesh(mesh):
  model = jax.device_put(model, P(None, 'i'))
  opt_state = jax.device_put(opt_state, P(None, 'i'))
  x = jax.device_put(jnp.ones((16, 32)), P('i'))
  train_step.trace(model, opt_state, x).lower(lowering_platforms=('cuda',))
