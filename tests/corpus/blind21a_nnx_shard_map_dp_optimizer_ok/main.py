from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs):
    self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


mesh = jax.make_mesh((4,), ('data',))
model = MLP(16, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)


@nnx.jit
@partial(nnx.shard_map, mesh=mesh,
         in_specs=(P(), P(), P('data'), P('data')), out_specs=P())
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.lax.pmean(grads, 'data')
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, 'data')


batch_sharding = jax.NamedSharding(mesh, P("data"))
x = jax.device_put(jnp.ones((32, 16)), batch_sharding)
y = jax.device_put(jnp.zeros((32,), jnp.int32), batch_sharding)
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))
