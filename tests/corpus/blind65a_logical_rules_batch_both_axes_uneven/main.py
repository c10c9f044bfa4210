import jax
import jax.numpy as jnp

from parallel import mesh as mesh_lib
from train import Config, make_train_step


def main():
  cfg = Config()
  mesh = mesh_lib.build()
  w = jnp.zeros((cfg.embed, cfg.classes))
  x = jax.ShapeDtypeStruct((cfg.global_batch, cfg.embed), jnp.float32)
  y = jax.ShapeDtypeStruct((cfg.global_batch, cfg.classes), jnp.float32)
  step = make_train_step(cfg, mesh)
  step.trace(w, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
