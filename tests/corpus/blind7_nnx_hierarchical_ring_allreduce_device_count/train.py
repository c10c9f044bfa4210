from functools import partial

import jax
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from comm import ring_mean


def loss_fn(model, x, y):
  return optax.l2_loss(model(x), y).mean()


def make_train_step(mesh, cfg):
  batch = P((cfg.node_axis, cfg.local_axis))

  @nnx.jit
  @partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P(), batch, batch), out_specs=P(),
           check_vma=False)
  def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    grads = jax.lax.pmean(grads, cfg.local_axis)
    grads = ring_mean(grads, cfg.node_axis, cfg.ring_size)
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, (cfg.node_axis, cfg.local_axis))

  return train_step
