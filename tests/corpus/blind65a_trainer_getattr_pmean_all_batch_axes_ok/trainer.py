import jax
import jax.experimental.shard_map as smap_mod
from jax.sharding import PartitionSpec as P

import mesh_setup
from model import mse_loss


class Trainer:

  def __init__(self, cfg, mesh):
    self.cfg = cfg
    self.mesh = mesh
    self._reduce = getattr(jax.lax, cfg.grad_reduce)
    sharded = smap_mod.shard_map(
        self._step, mesh,
        in_specs=(P(), (mesh_setup.BATCH_SPEC, mesh_setup.BATCH_SPEC)),
        out_specs=(P(), P()))
    self.step = jax.jit(sharded)

  def _step(self, params, batch):
    loss, grads = jax.value_and_grad(mse_loss)(params, batch)
    grads = self._reduce(grads, self.cfg.reduce_axes)
    loss = self._reduce(loss, self.cfg.reduce_axes)
    params = jax.tree.map(lambda p, g: p - self.cfg.learning_rate * g, params, grads)
    return params, loss
