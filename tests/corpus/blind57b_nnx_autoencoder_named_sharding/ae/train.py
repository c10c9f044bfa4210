from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from .model import ConvAutoEncoder


def build(mesh, tx):
  abstract = nnx.eval_shape(lambda: ConvAutoEncoder(rngs=nnx.Rngs(0)))
  graphdef, abstract_params = nnx.split(abstract, nnx.Param)
  param_shardings = nnx.get_named_sharding(abstract_params, mesh)

  @partial(jax.jit, out_shardings=param_shardings)
  def init_params():
    return nnx.state(ConvAutoEncoder(rngs=nnx.Rngs(0)), nnx.Param)

  params = init_params()
  opt_state = tx.init(params)
  return graphdef, params, opt_state, param_shardings


def make_train_step(graphdef, tx, param_shardings, mesh):
  data = NamedSharding(mesh, P('data'))
  replicated = NamedSharding(mesh, P())

  def loss_fn(params, images):
    model = nnx.merge(graphdef, params)
    recon = model(images)
    return jnp.mean((recon - images) ** 2)

  @partial(jax.jit, in_shardings=(param_shardings, None, data),
           out_shardings=(param_shardings, None, replicated), donate_argnums=(0, 1))
  def train_step(params, opt_state, images):
    loss, grads = jax.value_and_grad(loss_fn)(params, images)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  return train_step
