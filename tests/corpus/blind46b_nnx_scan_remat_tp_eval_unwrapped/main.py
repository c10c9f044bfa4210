from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import MODEL_AXIS, Stack

mesh = Mesh(jax.devices(), (MODEL_AXIS,))

with jax.set_mesh(mesh):
  model = Stack(64, 256, rngs=nnx.Rngs(0))
tx = optax.sgd(1e-2)
graphdef, params, rest = nnx.split(model, nnx.Param, ...)
opt_state = tx.init(params)

param_specs = nnx.get_partition_spec(params)
opt_specs = jax.tree.map(lambda _: P(), opt_state)


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=(param_specs, P(), opt_specs, P(), P()),
         out_specs=(param_specs, opt_specs, P()))
def train_step(params, rest, opt_state, x, y):
  def loss_fn(params):
    m = nnx.merge(graphdef, params, rest)
    return jnp.mean((m(x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  updates, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, updates)
  return params, opt_state, loss


x = jnp.ones((8, 64))
y = jnp.zeros((8, 64))
print(train_step.trace(params, rest, opt_state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])


@nnx.jit
def eval_step(model: Stack, x, y):
  pred = model(x)
  return jnp.mean((pred - y) ** 2)


model = nnx.merge(graphdef, params, rest)
print(eval_step.trace(model, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
