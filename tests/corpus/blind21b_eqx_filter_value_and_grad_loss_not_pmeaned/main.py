from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))
optim = optax.sgd(0.05)
model = eqx.nn.MLP(6, 2, 20, 2, key=jr.key(0))
params, static = eqx.partition(model, eqx.is_array)
opt_state = optim.init(params)


@eqx.filter_value_and_grad
def compute_loss(params, x, y):
  m = eqx.combine(params, static)
  return jnp.mean(optax.softmax_cross_entropy_with_integer_labels(jax.vmap(m)(x), y))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")), out_specs=(P(), P(), P()))
def train_step(params, opt_state, x, y):
  loss, grads = compute_loss(params, x, y)
  grads = jax.lax.pmean(grads, "data")
  updates, opt_state = optim.update(grads, opt_state)
  return loss, optax.apply_updates(params, updates), opt_state


train_step.trace(params, opt_state, jnp.ones((32, 6)), jnp.zeros((32,), jnp.int32)).lower(
    lowering_platforms=("cuda",))
