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
  per_shard_grads = jax.shard_map(jax.value_and_grad(mlp_loss), mesh=mesh,
                                  in_specs=(P(), P(axis)), out_specs=(P(), P()),
                                  check_vma=False)

  def step(params, batch):
    loss, grads = per_shard_grads(params, batch)
    grads = jax.tree.map(lambda g: jax.lax.pmean(g, axis), grads)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new, loss

  return jax.jit(step)
