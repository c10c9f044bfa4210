from functools import partial

import jax
import jax.numpy as jnp
from jax import lax as L
from jax.sharding import PartitionSpec as P
import optax
from flax import nnx


class MLP(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(784, 256, rngs=rngs)
    self.linear2 = nnx.Linear(256, 10, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.linear1(x))
    return self.linear2(x)


mesh = jax.make_mesh((4,), ('data',))
model = MLP(rngs=nnx.Rngs(0))
tx = optax.adamw(1e-3)
graphdef, params = nnx.split(model, nnx.Param)
opt_state = tx.init(params)


def loss_fn(params, images, labels):
  m = nnx.merge(graphdef, params)
  logits = m(images)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(), P(), P('data'), P('data')),
         out_specs=(P(), P(), P()))
def train_step(params, opt_state, images, labels):
  loss, grads = jax.value_and_grad(loss_fn)(params, images, labels)
  grads = L.pmean(grads, axis_name='data')
  loss = L.pmean(loss, 'data')
  updates, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, updates)
  return params, opt_state, loss


images = jnp.zeros((32, 784), jnp.float32)
labels = jnp.zeros((32,), jnp.int32)
lowered = train_step.trace(params, opt_state, images, labels).lower(
    lowering_platforms=('cuda',))
print("ok", lowered.as_text().count("all-reduce") >= 0)
