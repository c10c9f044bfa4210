"""A small Trainer class: the data-parallel gradient function is built in __init__ with
functools.partial(jax.shard_map, ...) and the step is an eqx.filter_jit'ed bound method."""
import dataclasses
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P


@dataclasses.dataclass
class TrainerConfig:
  data_axis: str = 'data'
  lr: float = 3e-4
  clip: float = 1.0


class CNN(eqx.Module):
  conv: eqx.nn.Conv2d
  head: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.conv = eqx.nn.Conv2d(1, 8, kernel_size=3, key=k1)
    self.head = eqx.nn.Linear(8 * 26 * 26, 10, key=k2)

  def __call__(self, x):
    return self.head(jax.nn.relu(self.conv(x)).reshape(-1))


class Trainer:

  def __init__(self, cfg, mesh, model):
    self.cfg = cfg
    self.optim = optax.chain(optax.clip_by_global_norm(cfg.clip), optax.adam(cfg.lr))
    self.opt_state = self.optim.init(eqx.filter(model, eqx.is_inexact_array))
    ax = cfg.data_axis

    @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(ax), P(ax)), out_specs=(P(), P()))
    def grads(params, x, y):
      def loss_fn(params):
        logits = jax.vmap(eqx.combine(params, self.static))(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
      loss, g = jax.value_and_grad(loss_fn)(params)
      return jax.lax.pmean(loss, ax), jax.lax.pmean(g, ax)

    self.params, self.static = eqx.partition(model, eqx.is_inexact_array)
    self.grads = grads
    self.step = eqx.filter_jit(self._step)

  def _step(self, params, opt_state, x, y):
    loss, g = self.grads(params, x, y)
    updates, opt_state = self.optim.update(g, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


cfg = TrainerConfig()
mesh = Mesh(np.array(jax.devices()), (cfg.data_axis,))
trainer = Trainer(cfg, mesh, CNN(jax.random.key(0)))
x = jnp.ones((16, 1, 28, 28))
y = jnp.zeros((16,), jnp.int32)
jax.jit(trainer._step).trace(trainer.params, trainer.opt_state, x, y).lower(lowering_platforms=('cuda',))
print('lowered')
