"""Equinox CNN, explicit data parallelism with shard_map over partitioned params."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P


class CNN(eqx.Module):
  layers: list

  def __init__(self, key):
    k1, k2, k3 = jr.split(key, 3)
    self.layers = [
        eqx.nn.Conv2d(1, 8, kernel_size=3, key=k1),
        eqx.nn.MaxPool2d(kernel_size=2),
        jax.nn.relu,
        jnp.ravel,
        eqx.nn.Linear(8 * 25 * 25, 64, key=k2),
        jax.nn.sigmoid,
        eqx.nn.Linear(64, 10, key=k3),
        jax.nn.log_softmax,
    ]

  def __call__(self, x):
    for layer in self.layers:
      x = layer(x)
    return x


def loss(model, x, y):
  pred = jax.vmap(model)(x)
  return -jnp.mean(jnp.take_along_axis(pred, y[:, None], axis=1))


if __name__ == "__main__":
  mesh = Mesh(np.array(jax.devices()), ("data",))
  model = CNN(jr.PRNGKey(0))
  params, static = eqx.partition(model, eqx.is_array)
  optim = optax.adamw(3e-4)
  opt_state = optim.init(params)

  @jax.jit
  @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")),
           out_specs=(P(), P(), P()))
  def train_step(params, opt_state, x, y):
    def loss_p(p):
      return loss(eqx.combine(p, static), x, y)
    loss_value, grads = eqx.filter_value_and_grad(loss_p)(params)
    updates, opt_state = optim.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    return params, opt_state, jax.lax.pmean(loss_value, "data")

  x = jnp.zeros((64, 1, 28, 28))
  y = jnp.zeros((64,), jnp.int32)
  train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
