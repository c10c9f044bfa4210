import numpy as np
import jax
import jax.numpy as jnp
import jax.lax as L
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('i',))


def batch_norm(x, eps=1e-5):
  # x: the local block of the batch, f32[B/4, F]
  n = L.psum(x.shape[0], 'i')
  mean = L.psum(jnp.sum(x, axis=0), 'i') / n
  var = L.psum(jnp.sum((x - mean) ** 2, axis=0), 'i') / n
  return (x - mean) * L.rsqrt(var + eps)


batch_norm = jax.shard_map(batch_norm, mesh=mesh, in_specs=P('i', None),
                           out_specs=P('i', None))
batch_norm = jax.jit(batch_norm)

x = jnp.ones((64, 32), jnp.float32)
print(batch_norm.trace(x).lower(lowering_platforms=('cuda',)).as_text()[:40])
