import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

import stack

mesh = Mesh(np.array(jax.devices()), ('data',))


class Model(nnx.Module):

  def __init__(self, rngs):
    self.inp = nnx.Linear(10, 32, rngs=rngs)
    self.blocks = stack.create_stack(32, rngs)
    self.head = nnx.Linear(32, 1, rngs=rngs)

  def __call__(self, x):
    return self.head(stack.run_stack(self.inp(x), self.blocks))


def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.lax.pmean(grads, 'data')
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, 'data')


train_step = nnx.jit(nnx.shard_map(
    train_step, mesh=mesh, in_specs=(P(), P(), P('data'), P('data')),
    out_specs=P(), check_vma=False))

model = Model(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
x, y = jnp.ones((32, 10)), jnp.ones((32, 1))
lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))
print('ok', lowered is not None)
