import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

BATCH, MAX_LEN, N_HEADS, HEAD_DIM = 2, 64, 6, 32

mesh = jax.make_mesh((1, 4), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)


class KVCache(nnx.Module):
  def __init__(self):
    spec = P('data', None, 'model', None)
    self.k = nnx.Cache(jnp.zeros((BATCH, MAX_LEN, N_HEADS, HEAD_DIM), out_sharding=spec))
    self.v = nnx.Cache(jnp.zeros((BATCH, MAX_LEN, N_HEADS, HEAD_DIM), out_sharding=spec))
    self.index = nnx.Cache(jnp.array(0, jnp.int32))

  def update(self, k, v):
    i = self.index[...]
    self.k[...] = jax.lax.dynamic_update_slice_in_dim(self.k[...], k, i, axis=1)
    self.v[...] = jax.lax.dynamic_update_slice_in_dim(self.v[...], v, i, axis=1)
    self.index[...] = i + k.shape[1]
    return self.k[...], self.v[...]


with jax.set_mesh(mesh):
  cache = KVCache()
  k = jnp.ones((BATCH, 1, N_HEADS, HEAD_DIM))
  step = nnx.jit(lambda c, k: c.update(k, k)[0].sum())
  print(step.trace(cache, k).lower(lowering_platforms=('cuda',)).as_text()[:40])
