import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class Net(nnx.Module):
  def __init__(self, rngs):
    self.l1 = nnx.Linear(20, 64, rngs=rngs)
    self.l2 = nnx.Linear(64, 5, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


mesh = Mesh(np.array(jax.devices()), ('batch',))


def loss_fn(model, x, y):
  logits = model(x)
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
  return loss, jnp.mean(jnp.argmax(logits, -1) == y)


def step(model, x, y):
  (loss, acc), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model, x, y)
  return lax.pmean(grads, 'batch'), lax.pmean(loss, 'batch'), acc


sharded = nnx.shard_map(step, mesh=mesh, in_specs=(P(), P('batch'), P('batch')),
                        out_specs=(P(), P(), P()))


@nnx.jit
def train_step(model, x, y):
  return sharded(model, x, y)


model = Net(nnx.Rngs(0))
graphdef, state = nnx.split(model)
jax.jit(lambda s, x, y: train_step(nnx.merge(graphdef, s), x, y)).trace(
    state, jnp.ones((32, 20)), jnp.zeros((32,), jnp.int32)).lower(lowering_platforms=('cuda',))
