# %%
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('x',))
x = jax.device_put(jnp.arange(32.0).reshape(8, 4), NamedSharding(mesh, P('x')))


# %%
def loss(block):
  return jnp.sum(block ** 2)


total = jax.jit(jax.shard_map(lambda b: loss(b), mesh=mesh, in_specs=P('x'), out_specs=P()))


# %%
# the per-device sums must be combined before they can be returned replicated
def loss(block):
  return jax.lax.psum(jnp.sum(block ** 2), 'x')


# %%
print(total.trace(x).lower(lowering_platforms=('tpu',)).as_text()[:200])
