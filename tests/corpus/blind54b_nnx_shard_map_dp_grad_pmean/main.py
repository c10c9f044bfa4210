from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from model import MLP

mesh = Mesh(np.array(jax.devices()), ('data',))

model = MLP(32, 128, 10, rngs=nnx.Rngs(0))
tx = optax.sgd(0.1)
graphdef, params = nnx.split(model, nnx.Param)
opt_state = tx.init(params)


def loss_fn(params, x, y):
  m = nnx.merge(graphdef, params)
  logits = m(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(), P(), P('data'), P('data')),
         out_specs=(P(), P(), P()))
def dp_step(params, opt_state, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  grads = jax.lax.pmean(grads, 'data')
  loss = jax.lax.pmean(loss, 'data')
  updates, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, updates)
  return params, opt_state, loss


x = jnp.zeros((64, 32))
y = jnp.zeros((64,), jnp.int32)
step = jax.jit(dp_step, donate_argnums=(0, 1))
step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
