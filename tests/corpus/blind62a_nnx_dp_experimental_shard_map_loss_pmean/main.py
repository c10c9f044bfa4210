from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class MLP(nnx.Module):

  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.norm = nnx.LayerNorm(dhidden, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.linear2(nnx.relu(self.norm(self.linear1(x))))


mesh = Mesh(np.array(jax.devices()), ('data',))
model = MLP(16, 64, 1, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
tx = optax.adam(1e-3)
opt_state = tx.init(params)


@partial(jax.jit, donate_argnums=(0, 1))
@partial(shard_map, mesh=mesh,
         in_specs=(P(), P(), P('data'), P('data')),
         out_specs=(P(), P(), P()))
def train_step(params, opt_state, x, y):

  def loss_fn(params):
    model = nnx.merge(graphdef, params)
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = lax.pmean(grads, 'data')
  loss = lax.pmean(loss, 'data')
  updates, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, updates)
  return params, opt_state, loss


x = jax.ShapeDtypeStruct((64, 16), jnp.float32, sharding=NamedSharding(mesh, P('data')))
y = jax.ShapeDtypeStruct((64, 1), jnp.float32, sharding=NamedSharding(mesh, P('data')))
train_step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
