import jax
import jax.numpy as jnp

from meshes import MODEL_MESH
from train import TPConfig, make_forward


def main():
  cfg = TPConfig()
  forward = make_forward(cfg, MODEL_MESH)
  w = jax.ShapeDtypeStruct((1024, 256), jnp.float32)
  x = jax.ShapeDtypeStruct((8, 1024), jnp.float32)
  forward.trace(w, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
