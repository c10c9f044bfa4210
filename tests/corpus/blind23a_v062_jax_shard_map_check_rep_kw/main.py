import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('model',))


def row_parallel(x, w):
  return lax.psum(x @ w, 'model')


def build():
  return jax.jit(jax.shard_map(row_parallel, mesh=mesh,
                               in_specs=(P(None, 'model'), P('model', None)),
                               out_specs=P(), check_rep=False))


fwd = build()
print(fwd.trace(jnp.ones((8, 64)), jnp.ones((64, 16))).lower(
    lowering_platforms=('cuda',)).as_text()[:60])
