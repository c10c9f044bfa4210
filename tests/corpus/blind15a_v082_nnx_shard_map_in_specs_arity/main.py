import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class MLP(nnx.Module):

  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.relu(self.fc1(x)))


mesh = jax.make_mesh((4,), ('data',))
REPL, DATA = P(), P('data')


def loss_fn(model, x, y):
  return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()


@nnx.jit
@functools.partial(nnx.shard_map, mesh=mesh, in_specs=(REPL, DATA, DATA), out_specs=REPL)
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  grads = jax.lax.pmean(grads, 'data')
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, 'data')


model = MLP(16, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
x = jnp.ones((32, 16))
y = jnp.zeros((32,), jnp.int32)
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))
