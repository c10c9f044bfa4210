import dataclasses

from flax import jax_utils
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
  params = initialize(config, jax.random.key(0))
  params = jax_utils.replicate(params)
  p_eval_step = make_eval_step(eval_config)
  n = jax.local_device_count()
  eval_batch = {'inputs': jnp.ones((n, 2, config.max_len), jnp.int32)}
  lowered = jax.jit(p_eval_step).trace(params, eval_batch).lower(lowering_platforms=('cuda',))
  return lowered


if __name__ == '__main__':
  main()
