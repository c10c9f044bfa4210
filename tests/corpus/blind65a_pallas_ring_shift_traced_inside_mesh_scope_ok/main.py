import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from kernels import RING_AXIS
from model import ring_mix
from parallel import mesh_scope


def main():
  mesh = Mesh(np.array(jax.devices()), (RING_AXIS,))
  x = jax.ShapeDtypeStruct((32, 512), jnp.float32)

  with mesh_scope(mesh):
    step = jax.jit(ring_mix)
    # jit traces lazily: trace while the mesh is still active.
    lowered = step.trace(x).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
