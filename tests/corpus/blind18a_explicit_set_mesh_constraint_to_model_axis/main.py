import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from block import mlp_block

mesh = jax.make_mesh((2, 2), ('data', 'model'))
with jax.set_mesh(mesh):
  w1 = jax.device_put(jnp.ones((128, 512)), P())
  w2 = jax.device_put(jnp.ones((512, 128)), P())
  x = jax.device_put(jnp.ones((16, 128)), P('data', None))
  fwd = jax.jit(mlp_block)
  fwd.trace(w1, w2, x).lower(lowering_platforms=('cuda',))
