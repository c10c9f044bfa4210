import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from kernels import swap_halves

devices = jax.devices()[:2]
mesh = Mesh(devices, ['x'])

f = jax.jit(jax.shard_map(swap_halves, mesh=mesh, in_specs=P('x'), out_specs=P('x')))

x = jnp.arange(2 * 8 * 128.0).reshape((2 * 8, 128))
print(f.trace(x).lower(lowering_platforms=('tpu',)).as_text()[:40])
