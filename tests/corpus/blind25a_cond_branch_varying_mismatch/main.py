import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',))


def f(x, flag):
  return lax.cond(flag,
                  lambda v: lax.psum(v, 'x'),
                  lambda v: v,
                  x)


g = jax.shard_map(f, mesh=mesh, in_specs=(P('x'), P()), out_specs=P('x'))
x = jax.device_put(jnp.arange(8.), jax.NamedSharding(mesh, P('x')))
jax.jit(g).trace(x, True).lower(lowering_platforms=('cuda',))
print('ok')
