import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('pp',), axis_types=(jax.sharding.AxisType.Explicit,))


def stage(w, h):
  return jnp.tanh(h @ w[0])


def pipeline(w, h0, xs):
  def body(h, x):
    h = stage(w, h + x)
    h = lax.ppermute(h, 'pp', [(i, (i + 1) % 4) for i in range(4)])
    return h, h

  _, hs = lax.scan(body, h0, xs)
  return hs


f = jax.jit(jax.shard_map(pipeline, mesh=mesh, in_specs=(P('pp'), P(), P()), out_specs=P(None, 'pp')))
w = jax.device_put(jnp.ones((4, 8, 8)), jax.NamedSharding(mesh, P('pp')))
h0 = jax.device_put(jnp.zeros((2, 8)), jax.NamedSharding(mesh, P()))
xs = jax.device_put(jnp.ones((5, 2, 8)), jax.NamedSharding(mesh, P()))
f.trace(w, h0, xs).lower(lowering_platforms=('cuda',))
print('ok')
