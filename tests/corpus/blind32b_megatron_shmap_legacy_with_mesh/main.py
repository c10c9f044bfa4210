import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from tp.layers import ParallelMLP, make_forward

mesh = Mesh(np.array(jax.devices()), ('tensor',))
d_model, d_ff = 64, 256
n = mesh.shape['tensor']

full = ParallelMLP(d_model, d_ff, axis_name=None)
variables = full.init(jax.random.PRNGKey(0), jnp.ones((2, d_model)))  # global shapes
forward = jax.jit(make_forward(ParallelMLP(d_model, d_ff // n)))

with mesh:
  lowered = forward.trace(variables, jnp.ones((8, d_model))).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:10])
