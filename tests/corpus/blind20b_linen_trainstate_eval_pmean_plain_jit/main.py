import functools
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from models import ResMLP


class TrainState(train_state.TrainState):
  batch_stats: Any = None


def compute_metrics(logits, labels, axis):
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  acc = jnp.mean(jnp.argmax(logits, -1) == labels)
  return lax.pmean({"loss": loss, "accuracy": acc}, axis_name=axis)


def train_step(state, x, y):
  def loss_fn(params):
    logits, updates = state.apply_fn({"params": params, "batch_stats": state.batch_stats},
                                     x, train=True, mutable=["batch_stats"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return loss, (logits, updates)

  (_, (logits, updates)), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  state = state.apply_gradients(grads=lax.pmean(grads, "batch"),
                                batch_stats=updates["batch_stats"])
  return state, compute_metrics(logits, y, "batch")


def eval_step(state, x, y):
  logits = state.apply_fn({"params": state.params, "batch_stats": state.batch_stats},
                          x, train=False)
  return compute_metrics(logits, y, "batch")


def main():
  mesh = Mesh(jax.devices(), ("batch",))
  model = ResMLP()
  variables = model.init(jax.random.PRNGKey(0), jnp.ones((2, 48)), train=False)
  state = TrainState.create(apply_fn=model.apply, params=variables["params"],
                            batch_stats=variables["batch_stats"], tx=optax.adam(1e-3))
  p_train = jax.jit(jax.shard_map(train_step, mesh=mesh,
                                  in_specs=(P(), P("batch"), P("batch")),
                                  out_specs=(P(), P())))
  # eval runs on the host-sharded global batch; no shard_map needed for a forward pass
  p_eval = jax.jit(eval_step)
  data = NamedSharding(mesh, P("batch"))
  x = jax.device_put(jnp.zeros((64, 48)), data)
  y = jax.device_put(jnp.zeros((64,), jnp.int32), data)
  p_train.trace(state, x, y).lower(lowering_platforms=("cuda",))
  p_eval.trace(state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
