import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P

from net import ResNetMLP

BATCH = "batch"
mesh = jax.make_mesh((4,), (BATCH,), axis_types=(AxisType.Auto,))
optim = optax.adamw(1e-3)


def make_train_step(static):
  def loss_fn(params, x, y):
    model = eqx.combine(params, static)
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)

  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(BATCH), P(BATCH)),
                     out_specs=(P(), P()))
  def sharded_grads(params, x, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(params, x, y)
    return jax.lax.pmean(loss, BATCH), jax.lax.pmean(grads, BATCH)

  @eqx.filter_jit
  def train_step(params, opt_state, x, y):
    loss, grads = sharded_grads(params, x, y)
    updates, opt_state = optim.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, loss

  return train_step


def main():
  model = ResNetMLP(64, 3, jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  opt_state = optim.init(params)
  train_step = make_train_step(static)
  x, y = jnp.ones((32, 64)), jnp.ones((32, 1))
  jax.jit(train_step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
