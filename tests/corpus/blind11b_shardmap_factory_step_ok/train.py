import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def mlp_loss(params, batch):
  x, y = batch
  for w, b in params[:-1]:
    x = jax.nn.relu(x @ w + b)
  w, b = params[-1]
  return jnp.mean((x @ w + b - y) ** 2)


def make_train_step(mesh, axis, lr=1e-2):
  def local_step(params, batch):
    loss, grads = jax.value_and_grad(mlp_loss)(params, batch)
    grads = jax.tree.map(lambda g: jax.lax.pmean(g, axis), grads)
    loss = jax.lax.pmean(loss, axis)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new, loss

  sharded = jax.shard_map(local_step, mesh=mesh, in_specs=(P(), P(axis)),
                          out_specs=(P(), P()))
  return jax.jit(sharded, donate_argnums=0)
