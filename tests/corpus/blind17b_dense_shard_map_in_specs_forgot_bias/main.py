import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from mylib.model import col_parallel_dense, init
from mylib.parallel import SPECS

mesh = Mesh(np.array(jax.devices()), ('tp',))
layer = jax.shard_map(col_parallel_dense, mesh=mesh, **SPECS['col_parallel'])


@jax.jit
def forward(x, w, b):
  return jax.nn.relu(layer(x, w, b))


w, b = init(jax.random.key(0), 32, 64)
x = jnp.ones((4, 32))
forward.trace(x, w, b).lower(lowering_platforms=('cuda',))
