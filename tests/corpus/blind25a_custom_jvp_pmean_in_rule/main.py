import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


@jax.custom_jvp
def global_mean(x):
  return lax.pmean(jnp.mean(x), 'dp')


@global_mean.defjvp
def _global_mean_jvp(primals, tangents):
  (x,), (t,) = primals, tangents
  return global_mean(x), lax.pmean(jnp.mean(t), 'dp')


def f(x, t):
  return jax.jvp(global_mean, (x,), (t,))


mesh = jax.make_mesh((4,), ('dp',))
g = jax.jit(jax.shard_map(f, mesh=mesh, in_specs=(P('dp'), P('dp')), out_specs=(P(), P())))
x = jax.device_put(jnp.ones((16,)), jax.NamedSharding(mesh, P('dp')))
g.trace(x, x).lower(lowering_platforms=('cuda',))
print('ok')
