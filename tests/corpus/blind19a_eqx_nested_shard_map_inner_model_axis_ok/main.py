import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)
lin = eqx.nn.Linear(64, 16, use_bias=False, key=jax.random.key(0))
w = lin.weight  # (16, 64)


def tp_matmul(w_shard, x_shard):
  return lax.psum(x_shard @ w_shard.T, 'model')


def per_replica(w, x):
  inner = jax.shard_map(tp_matmul, in_specs=(P(None, 'model'), P(None, 'model')),
                        out_specs=P(), axis_names={'model'})
  return inner(w, x)


outer = jax.jit(jax.shard_map(per_replica, in_specs=(P(), P('data')), out_specs=P('data'),
                              axis_names={'data'}))
with jax.set_mesh(mesh):
  w = jax.device_put(w, P())
  x = jax.device_put(jnp.ones((8, 64)), P('data'))
  outer.trace(w, x).lower(lowering_platforms=('cuda',))
