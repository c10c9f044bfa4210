import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

import models

model = models.build()
mesh = jax.make_mesh((2, 2), ('data', 'model'))
with jax.set_mesh(mesh):
  x = jax.device_put(jnp.ones((32, 784)), P('data', None))
  fwd = nnx.jit(lambda m, x: m(x))
  print(fwd.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
