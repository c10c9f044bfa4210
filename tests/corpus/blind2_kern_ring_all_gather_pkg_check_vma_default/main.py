import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from tpu_kernels.collectives import ring_all_gather

mesh = Mesh(np.array(jax.devices()), ("tp",))
x = jax.ShapeDtypeStruct((8 * mesh.size, 512), jnp.bfloat16)
jax.jit(ring_all_gather, static_argnums=(1, 2)).trace(x, mesh, "tp").lower(lowering_platforms=("tpu",))
