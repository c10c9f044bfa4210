from functools import partial

import jax
import jax.numpy as jnp
from jax.lax import pmean as allreduce

import model
from sharding import BATCH, MESH, STEP_IN_SPECS, STEP_OUT_SPECS

LR = 1e-2


@jax.jit
@partial(jax.shard_map, mesh=MESH, in_specs=STEP_IN_SPECS, out_specs=STEP_OUT_SPECS)
def train_step(params, x, labels):
  (loss, logits), grads = jax.value_and_grad(model.loss_and_logits, has_aux=True)(
      params, x, labels)
  grads = allreduce(grads, BATCH)
  params = jax.tree.map(lambda p, g: p - LR * g, params, grads)
  accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
  return params, allreduce(loss, BATCH), allreduce(accuracy, BATCH)
