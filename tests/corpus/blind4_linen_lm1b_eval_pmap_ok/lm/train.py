import functools

import jax
import jax.numpy as jnp

from . import models
from .metrics import compute_metrics


def eval_step(params, batch, config, label_smoothing=0.0):
  """Calculate evaluation metrics on a batch."""
  inputs = batch['inputs']
  weights = jnp.where(inputs > 0, 1.0, 0.0)
  logits = models.TransformerLM(config).apply({'params': params}, inputs)
  return compute_metrics(logits, inputs, weights, label_smoothing)


def make_eval_step(eval_config):
  return jax.pmap(functools.partial(eval_step, config=eval_config), axis_name='batch')
