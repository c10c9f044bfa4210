import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def init_mlp(key, sizes):
  params = []
  for k, (m, n) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
    params.append((jax.random.normal(k, (m, n)) / jnp.sqrt(m), jnp.zeros((n,))))
  return params


def predict(params, x):
  for w, b in params[:-1]:
    x = jax.nn.relu(x @ w + b)
  w, b = params[-1]
  return x @ w + b


def make_step(loss_fn, mesh, axis, lr=0.05):

  def step(params, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params, loss

  return jax.jit(shard_map(step, mesh=mesh,
                           in_specs=(P(), P(axis)),
                           out_specs=(P(), P())))
