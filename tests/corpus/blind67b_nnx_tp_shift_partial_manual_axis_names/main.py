import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh

from layers import ShiftedTPBlock

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
block = ShiftedTPBlock(256, mesh, rngs=nnx.Rngs(0))


@nnx.jit
def apply(block, x):
  return block(x)


if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((64, 256), jnp.float32)
  apply.trace(block, x).lower(lowering_platforms=("tpu",))
