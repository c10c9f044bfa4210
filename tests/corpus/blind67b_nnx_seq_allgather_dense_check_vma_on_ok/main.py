import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh

from layers import SeqGatherDense

mesh = Mesh(np.array(jax.devices()), ("sp",))
layer = SeqGatherDense(128, 256, mesh, rngs=nnx.Rngs(0))


@nnx.jit
def forward(layer, x):
  return layer(x)


if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((4 * 64, 128), jnp.float32)
  forward.trace(layer, x).lower(lowering_platforms=("tpu",))
