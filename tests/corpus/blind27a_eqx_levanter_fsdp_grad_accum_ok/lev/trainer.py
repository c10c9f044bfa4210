import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P


def loss_fn(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


def train_step(static, optim, cfg, mesh, params, opt_state, x, y):
  model = eqx.combine(params, static)
  mb = cfg.batch_size // cfg.microbatches
  xs = x.reshape(cfg.microbatches, mb, *x.shape[1:])
  ys = y.reshape(cfg.microbatches, mb, *y.shape[1:])
  batch_sharding = NamedSharding(mesh, P(cfg.batch_axis))

  def micro(acc, xy):
    xb, yb = xy
    xb = jax.lax.with_sharding_constraint(xb, batch_sharding)
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, xb, yb)
    acc_loss, acc_grads = acc
    return (acc_loss + loss, jax.tree.map(jnp.add, acc_grads, grads)), None

  zeros = jax.tree.map(jnp.zeros_like, params)
  (loss, grads), _ = jax.lax.scan(micro, (jnp.zeros(()), zeros), (xs, ys))
  grads = jax.tree.map(lambda g: g / cfg.microbatches, grads)
  updates, opt_state = optim.update(grads, opt_state, params)
  params = eqx.apply_updates(params, updates)
  return params, opt_state, loss / cfg.microbatches
