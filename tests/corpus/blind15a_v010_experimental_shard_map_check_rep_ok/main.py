import functools

import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.experimental.shard_map import shard_map as smap
from jax.sharding import Mesh, PartitionSpec as P

devices = mesh_utils.create_device_mesh((4,))
mesh = Mesh(devices, axis_names=('seq',))


@functools.partial(smap, mesh=mesh, in_specs=(P(None, 'seq', None), P()),
                   out_specs=P(None, 'seq', None), check_rep=True)
def seq_parallel_rmsnorm(x, scale):
  # normalise over the whole sequence: x is [B, T/4, D]
  local = jnp.sum(x * x, axis=(1, 2), keepdims=True)
  total = jax.lax.psum(local, 'seq')
  count = x.shape[1] * x.shape[2] * jax.lax.psum(1, 'seq')
  return x * jax.lax.rsqrt(total / count + 1e-6) * scale


x = jnp.ones((2, 64, 32))
scale = jnp.ones((32,))
jax.jit(seq_parallel_rmsnorm).trace(x, scale).lower(lowering_platforms=('tpu',))
