import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from . import models
from .metrics import compute_metrics


def eval_step(params, batch, config, label_smoothing=0.0):
  """Calculate evaluation metrics on a batch."""
  inputs = batch['inputs']
  weights = jnp.where(inputs > 0, 1.0, 0.0)
  logits = models.TransformerLM(config).apply({'params': params}, inputs)
  return compute_metrics(logits, inputs, weights, label_smoothing)


def make_eval_step(eval_config, mesh):
  """The batch is sharded over the `batch` mesh axis; the compiler inserts the reductions."""
  replicated = NamedSharding(mesh, P())
  data = NamedSharding(mesh, P('batch'))
  return jax.jit(functools.partial(eval_step, config=eval_config),
                 in_shardings=(replicated, {'inputs': data}),
                 out_shardings=replicated)
