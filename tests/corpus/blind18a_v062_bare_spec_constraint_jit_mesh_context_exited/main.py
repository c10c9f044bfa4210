import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def forward(w, x):
  h = jnp.tanh(x @ w)
  h = jax.lax.with_sharding_constraint(h, P('dp', None))
  return h.sum(axis=-1)


def setup():
  mesh = Mesh(np.array(jax.devices()), ('dp',))
  with mesh:
    w = jax.device_put(jnp.ones((16, 16)), NamedSharding(mesh, P()))
    x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P('dp')))
  return mesh, w, x


mesh, w, x = setup()
fwd = jax.jit(forward)
fwd.trace(w, x).lower(lowering_platforms=('cuda',))
