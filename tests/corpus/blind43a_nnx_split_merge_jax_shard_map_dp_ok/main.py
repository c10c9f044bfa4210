from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from parallel import all_reduce_mean


class MLP(nnx.Module):
  def __init__(self, din, dmid, dout, *, rngs: nnx.Rngs):
    self.w1 = nnx.Linear(din, dmid, rngs=rngs)
    self.w2 = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x):
    return self.w2(nnx.gelu(self.w1(x)))


mesh = jax.make_mesh((4,), ('data',))
model = MLP(32, 128, 32, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
tx = optax.adamw(1e-3)
opt_state = tx.init(params)


def loss_fn(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')),
         out_specs=(P(), P()))
def local_grads(params, x, y):
  model = nnx.merge(graphdef, params)
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  return all_reduce_mean(loss), all_reduce_mean(grads)


@jax.jit
def train_step(params, opt_state, x, y):
  loss, grads = local_grads(params, x, y)
  updates, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, updates)
  return params, opt_state, loss


x = jnp.ones((64, 32))
y = jnp.zeros((64, 32))
print(train_step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
