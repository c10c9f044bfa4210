import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh

from model import ShiftMLP
from train import DATA, TENSOR, make_forward

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (DATA, TENSOR))

model = ShiftMLP(128, 256, key=jr.PRNGKey(0), axis_name=TENSOR)
forward = jax.jit(make_forward(mesh))

if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((64, 128), jnp.float32)
  forward.trace(model, x).lower(lowering_platforms=("tpu",))
