import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from tpu_ops import make_all_reduce

mesh = Mesh(np.array(jax.devices()), ("ici",))
all_reduce = make_all_reduce(mesh, "ici")
x = jax.ShapeDtypeStruct((8 * mesh.size, 128), jnp.float32)
all_reduce.trace(x).lower(lowering_platforms=("tpu",))
