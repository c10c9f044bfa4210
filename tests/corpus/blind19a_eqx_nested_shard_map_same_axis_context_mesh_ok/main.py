import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Explicit,))


def batch_stats(h):
  def local(h):
    mu = lax.pmean(h.mean(0), 'data')
    return mu
  return jax.shard_map(local, in_specs=P('data'), out_specs=P())(h)


class Net(eqx.Module):
  lin: eqx.nn.Linear

  def __call__(self, x):
    h = jax.vmap(self.lin)(x)
    return h - batch_stats(h)


net = Net(eqx.nn.Linear(8, 8, key=jax.random.key(0)))
params, static = eqx.partition(net, eqx.is_array)
fwd = jax.jit(jax.shard_map(lambda p, x: eqx.combine(p, static)(x), in_specs=(P(), P('data')),
                            out_specs=P('data')))
with jax.set_mesh(mesh):
  params = jax.device_put(params, P())
  x = jax.device_put(jnp.ones((16, 8)), P('data'))
  fwd.trace(params, x).lower(lowering_platforms=('cuda',))
