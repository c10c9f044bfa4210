import jax
import jax.numpy as jnp
import equinox as eqx
import optax
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

opt = optax.sgd(1e-2)


def mse(params, static, x, y):
  model = eqx.combine(params, static)
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


def make_step(static, mesh, reduce_axes):

  def step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(mse)(params, static, x, y)
    grads = lax.pmean(grads, axis_name=reduce_axes)
    updates, opt_state = opt.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    return params, opt_state, lax.pmean(loss, axis_name=reduce_axes)

  return jax.jit(shard_map(step, mesh=mesh,
                           in_specs=(P(), P(), P("data"), P("data")),
                           out_specs=(P(), P(), P())))
