import jax
import jax.numpy as jnp

from fsdp_lib.config import Config
from fsdp_lib.step import make_train_step


def main():
  config = Config()
  names, sizes = zip(*config.ici_mesh)
  mesh = jax.make_mesh(sizes, names)
  train_step = make_train_step(config)
  params = {"w_in": jax.ShapeDtypeStruct((config.d_model, config.d_ff), jnp.float32),
            "w_out": jax.ShapeDtypeStruct((config.d_ff, config.d_model), jnp.float32)}
  x = jax.ShapeDtypeStruct((config.batch, config.d_model), jnp.float32)
  with jax.set_mesh(mesh):
    train_step.trace(params, x, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
