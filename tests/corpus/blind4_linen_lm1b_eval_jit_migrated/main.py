import dataclasses

import jax
import jax.numpy as jnp

from lm import models
from lm.train import make_eval_step


def initialize(config, rng):
  model = models.TransformerLM(dataclasses.replace(config, deterministic=True))
  init_fn = jax.jit(model.init)
  return init_fn(rng, jnp.ones((1, config.max_len), jnp.int32))['params']


def main():
  config = models.TransformerConfig()
  eval_config = dataclasses.replace(config, deterministic=True)
  mesh = jax.make_mesh((jax.device_count(),), ('batch',))
  params = initialize(config, jax.random.key(0))
  eval_step = make_eval_step(eval_config, mesh)
  eval_batch = {'inputs': jnp.ones((2 * jax.device_count(), config.max_len), jnp.int32)}
  lowered = eval_step.trace(params, eval_batch).lower(lowering_platforms=('cuda',))
  return lowered


if __name__ == '__main__':
  main()
