from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import mesh_utils
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from model import Classifier

ACCUM_STEPS = 4
devices = mesh_utils.create_device_mesh((4,))
mesh = Mesh(devices, axis_names=('data',))

model = Classifier()
tx = optax.adamw(3e-4)


def init(rng, x):
  return model.init(rng, x)['params']


params = jax.jit(shard_map(init, mesh=mesh, in_specs=(P(), P('data')), out_specs=P(),
                           check_rep=False))(jax.random.PRNGKey(0), jnp.ones((8, 784)))
opt_state = tx.init(params)
accum = jax.tree_util.tree_map(jnp.zeros_like, params)


@jax.jit
@partial(shard_map, mesh=mesh,
         in_specs=(P(), P(), P(), P(), P('data'), P('data')),
         out_specs=(P(), P(), P(), P()), check_rep=False)
def train_step(step, params, opt_state, accum, x, labels):
  def loss_fn(params):
    logits, _ = model.apply({'params': params}, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = jax.value_and_grad(loss_fn)(params)
  accum = jax.tree_util.tree_map(jnp.add, accum, grads)

  def sync_and_apply(operand):
    params, opt_state, accum = operand
    g = jax.lax.pmean(jax.tree_util.tree_map(lambda a: a / ACCUM_STEPS, accum), 'data')
    updates, opt_state = tx.update(g, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, jax.tree_util.tree_map(jnp.zeros_like, accum)

  def skip(operand):
    return operand

  params, opt_state, accum = jax.lax.cond((step + 1) % ACCUM_STEPS == 0, sync_and_apply, skip,
                                          (params, opt_state, accum))
  return params, opt_state, accum, jax.lax.pmean(loss, 'data')


x = jnp.ones((32, 784))
labels = jnp.zeros((32,), jnp.int32)
lowered = train_step.trace(jnp.int32(0), params, opt_state, accum, x, labels).lower(
    lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
