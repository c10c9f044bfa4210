import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from ops import make_seq_rmsnorm

mesh = jax.make_mesh((4,), ("seq",))
norm = jax.jit(make_seq_rmsnorm("seq"))

with jax.set_mesh(mesh):
  x = jax.device_put(jnp.ones((128, 2, 64)), P("seq"))
  scale = jax.device_put(jnp.ones((64,)), P())
  traced = norm.trace(x, scale)

lowered = traced.lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:40])
