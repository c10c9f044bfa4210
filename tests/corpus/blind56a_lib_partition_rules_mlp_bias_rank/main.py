import jax
import jax.numpy as jnp

from trainer import Config, make_train_step

if __name__ == "__main__":
  cfg = Config()
  train_step, param_shapes = make_train_step(cfg)
  x = jax.ShapeDtypeStruct((cfg.batch, cfg.in_dim), jnp.float32)
  y = jax.ShapeDtypeStruct((cfg.batch,), jnp.int32)
  train_step.trace(param_shapes, x, y).lower(lowering_platforms=("tpu",))
