import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

if jax.__version_info__ >= (0, 7, 0):
  _shard_map = jax.shard_map
  _NOCHECK = {'check_vma': False}
else:
  from jax.experimental.shard_map import shard_map as _shard_map
  _NOCHECK = {'check_rep': False}


def shard_map(f, mesh, in_specs, out_specs, check=True):
  kw = {} if check else dict(_NOCHECK)
  return _shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, **kw)


mesh = jax.make_mesh((4,), ('model',))


def mlp(x, w1, w2):
  h = jax.nn.gelu(x @ w1)
  return lax.psum(h @ w2, 'model')


fwd = jax.jit(shard_map(mlp, mesh, (P(), P(None, 'model'), P('model', None)), P(),
                        check=False))
x = jnp.ones((8, 32))
w1 = jnp.ones((32, 64))
w2 = jnp.ones((64, 32))
print(fwd.trace(x, w1, w2).lower(lowering_platforms=('cuda',)).as_text()[:60])
