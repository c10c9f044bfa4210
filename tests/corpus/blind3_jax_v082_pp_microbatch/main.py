import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from pp import build_pipeline

NUM_MICROBATCHES = 6
mesh = Mesh(np.array(jax.devices()), ("pp",))
pipeline = build_pipeline(mesh, NUM_MICROBATCHES)

w = jnp.ones((mesh.size, 16, 16)) * 0.01
mbs = jnp.ones((NUM_MICROBATCHES, 4, 16))
pipeline.trace(w, mbs).lower(lowering_platforms=("cuda",))
