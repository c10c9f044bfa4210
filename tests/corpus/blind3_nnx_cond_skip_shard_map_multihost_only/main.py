import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from train_lib import make_train_step


class Regressor(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.body = nnx.Sequential(nnx.Linear(8, 32, rngs=rngs), nnx.silu, nnx.Linear(32, 1, rngs=rngs))

  def __call__(self, x):
    return self.body(x)[..., 0]


def loss_fn(model, batch):
  x, y = batch
  return jnp.mean((model(x) - y) ** 2)


mesh = Mesh(jax.devices(), ('data',))
model = Regressor(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)

step = make_train_step(loss_fn, data_axis='data')
if jax.process_count() > 1:
  # Across hosts: one data shard per device.
  step = nnx.shard_map(step, mesh=mesh, in_specs=(P(), P(), P('data')), out_specs=P())
step = nnx.jit(step)

batch = (jnp.ones((16, 8)), jnp.zeros((16,)))
step.trace(model, optimizer, batch).lower(lowering_platforms=('cuda',))
