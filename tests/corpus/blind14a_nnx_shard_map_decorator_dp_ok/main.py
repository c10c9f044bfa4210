from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

AXIS = 'batch'
mesh = Mesh(np.array(jax.devices()), (AXIS,))


class MLP(nnx.Module):

  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.ln = nnx.LayerNorm(dhidden, rngs=rngs)
    self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.ln(self.l1(x))))


model = MLP(16, 64, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)


@nnx.jit
@partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P(), P(AXIS), P(AXIS)),
         out_specs=P())
def train_step(model, optimizer, x, y):

  def loss_fn(model):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.lax.pmean(grads, AXIS)
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, AXIS)


x = jnp.ones((32, 16))
y = jnp.zeros((32,), jnp.int32)
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
