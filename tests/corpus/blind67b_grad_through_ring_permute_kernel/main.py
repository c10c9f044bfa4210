import jax
import jax.numpy as jnp
from jax.sharding import Mesh

from model import AXIS
from train import make_train_step

mesh = Mesh(jax.devices(), (AXIS,))
train_step = make_train_step(mesh)

if __name__ == "__main__":
  w = jax.ShapeDtypeStruct((128, 128), jnp.float32)
  x = jax.ShapeDtypeStruct((4 * 32, 128), jnp.float32)
  train_step.trace(w, x).lower(lowering_platforms=("tpu",))
