import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))


class Net(eqx.Module):
  lin: eqx.nn.Linear
  bn: eqx.nn.BatchNorm

  def __init__(self, key):
    self.lin = eqx.nn.Linear(8, 8, key=key)
    self.bn = eqx.nn.BatchNorm(8, axis_name=('batch', 'data'))

  def __call__(self, x, state):
    return self.bn(self.lin(x), state)


net, state = eqx.nn.make_with_state(Net)(jr.key(1))
params, static = eqx.partition(net, eqx.is_array)


def forward(params, state, xs):
  net = eqx.combine(params, static)
  ys, state = eqx.filter_vmap(net, axis_name='batch', in_axes=(0, None), out_axes=(0, None))(xs, state)
  return ys, state


fwd = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P(), P(), P('data')),
                            out_specs=(P('data'), P()), check_vma=False))
xs = jax.device_put(jnp.ones((32, 8)), jax.NamedSharding(mesh, P('data')))
params = jax.device_put(params, jax.NamedSharding(mesh, P()))
state = jax.device_put(state, jax.NamedSharding(mesh, P()))
fwd.trace(params, state, xs).lower(lowering_platforms=('cuda',))
print('ok')
