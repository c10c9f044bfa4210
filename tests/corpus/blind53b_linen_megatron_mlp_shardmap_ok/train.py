import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from model import PARAM_SPECS

BATCH = P('data', None)


def make_steps(model, mesh):
  def init_local(key, x):
    key = jax.random.fold_in(key, jax.lax.axis_index('model'))
    return model.init(key, x)

  init = jax.jit(jax.shard_map(init_local, mesh=mesh, in_specs=(P(), BATCH),
                               out_specs=PARAM_SPECS))

  def local_grads(params, x, y):
    def loss_fn(p):
      return jnp.mean((model.apply(p, x) - y) ** 2)
    loss, grads = jax.value_and_grad(loss_fn)(params)
    return jax.lax.pmean(loss, 'data'), jax.lax.pmean(grads, 'data')

  @jax.jit
  def train_step(params, x, y, lr=1e-2):
    loss, grads = jax.shard_map(local_grads, mesh=mesh,
                                in_specs=(PARAM_SPECS, BATCH, BATCH),
                                out_specs=(P(), PARAM_SPECS))(params, x, y)
    return loss, jax.tree.map(lambda p, g: p - lr * g, params, grads)

  @jax.jit
  def eval_step(params, x):
    return jax.shard_map(model.apply, mesh=mesh, in_specs=(PARAM_SPECS, BATCH),
                         out_specs=BATCH)(params, x)

  return init, train_step, eval_step
