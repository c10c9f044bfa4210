import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

from parallel.logical import logical_to_spec, mesh_axes_of


@dataclasses.dataclass(frozen=True)
class Config:
  global_batch: int = 6
  embed: int = 64
  classes: int = 16
  lr: float = 0.1


def loss_fn(w, x, y):
  logp = jax.nn.log_softmax(x @ w)
  return -jnp.mean(jnp.sum(logp * y, axis=-1))


def make_train_step(cfg, mesh):
  batch_axes = mesh_axes_of("batch")
  grad_mean = functools.partial(lax.pmean, axis_name=batch_axes)
  x_spec = logical_to_spec(("batch", "embed"))
  y_spec = logical_to_spec(("batch", "classes"))

  def step(w, x, y):
    loss, g = jax.value_and_grad(loss_fn)(w, x, y)
    g, loss = grad_mean(g), grad_mean(loss)
    return w - cfg.lr * g, loss

  sharded = jax.shard_map(step, mesh=mesh, in_specs=(P(), x_spec, y_spec),
                          out_specs=(P(), P()))
  return jax.jit(sharded)
