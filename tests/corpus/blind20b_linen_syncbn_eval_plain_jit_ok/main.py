import dataclasses
import functools
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P

from models import ResMLP


class TrainState(train_state.TrainState):
  batch_stats: Any = None


@dataclasses.dataclass
class Cfg:
  batch: int = 64
  din: int = 48
  lr: float = 1e-3


cfg = Cfg()
mesh = Mesh(jax.devices(), ("batch",))
model = ResMLP()
variables = model.init(jax.random.PRNGKey(0), jnp.ones((2, cfg.din)), train=False)
state = TrainState.create(apply_fn=model.apply, params=variables["params"],
                          batch_stats=variables["batch_stats"], tx=optax.adam(cfg.lr))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("batch"), P("batch")),
                   out_specs=(P(), P()))
def train_step(state, x, y):
  def loss_fn(params):
    logits, updates = state.apply_fn({"params": params, "batch_stats": state.batch_stats},
                                     x, train=True, mutable=["batch_stats"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return loss, updates

  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, "batch")
  state = state.apply_gradients(grads=grads, batch_stats=updates["batch_stats"])
  return state, jax.lax.pmean(loss, "batch")


train_step = jax.jit(train_step)


@jax.jit
def eval_step(state, x, y):
  logits = state.apply_fn({"params": state.params, "batch_stats": state.batch_stats},
                          x, train=False)
  return jnp.mean(jnp.argmax(logits, -1) == y)


x = jnp.zeros((cfg.batch, cfg.din))
y = jnp.zeros((cfg.batch,), jnp.int32)
train_step.trace(state, x, y).lower(lowering_platforms=("cuda",))
eval_step.trace(state, x, y).lower(lowering_platforms=("cuda",))
