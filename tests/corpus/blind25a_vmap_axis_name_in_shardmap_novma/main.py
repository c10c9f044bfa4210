import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Explicit,))


def member_loss(w, x):
  l = jnp.mean((x @ w) ** 2)
  return jax.lax.pmean(l, 'ens')


def ensemble(ws, x):
  losses = jax.vmap(member_loss, in_axes=(0, None), axis_name='ens')(ws, x)
  return jax.lax.pmean(losses, 'data')


f = jax.jit(jax.shard_map(ensemble, mesh=mesh, in_specs=(P(), P('data')), out_specs=P(), check_vma=False))
ws = jax.device_put(jnp.ones((5, 8, 2)), jax.NamedSharding(mesh, P()))
x = jax.device_put(jnp.ones((16, 8)), jax.NamedSharding(mesh, P('data')))
f.trace(ws, x).lower(lowering_platforms=('cuda',))
print('ok')
