import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Explicit,))

keys = jax.random.split(jax.random.key(0), 3)
ensemble = eqx.filter_vmap(lambda k: eqx.nn.MLP(4, 1, 8, 1, key=k))(keys)
params, static = eqx.partition(ensemble, eqx.is_array)


def member_loss(model, x, y):
  pred = jax.vmap(model)(x)
  local = jax.lax.psum(jnp.sum((pred - y) ** 2), 'members')
  return jax.lax.psum(local, 'data')


def total_loss(params, x, y):
  ens = eqx.combine(params, static)
  per_member = eqx.filter_vmap(member_loss, in_axes=(eqx.if_array(0), None, None),
                               axis_name='members')
  losses = per_member(ens, x, y)
  return losses[0]


total_loss = jax.shard_map(total_loss, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                           out_specs=P(), check_vma=False)

x = jax.device_put(jnp.ones((16, 4)), NamedSharding(mesh, P('data')))
y = jax.device_put(jnp.ones((16, 1)), NamedSharding(mesh, P('data')))
f = jax.jit(jax.value_and_grad(total_loss))
print(f.trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:20])
