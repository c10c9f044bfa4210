import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from ringattn import RingSelfAttention

mesh = jax.make_mesh((4,), ('sp',), axis_types=(jax.sharding.AxisType.Explicit,))
layer = RingSelfAttention(num_heads=4, head_dim=16)


def init(key, x):
  return layer.init(key, x)['params']


def attend(params, x):
  return layer.apply({'params': params}, x)


init = jax.shard_map(init, mesh=mesh, in_specs=(P(), P(None, 'sp')), out_specs=P())
attend = jax.shard_map(attend, mesh=mesh, in_specs=(P(), P(None, 'sp')),
                       out_specs=P())


@jax.jit
def loss(params, x):
  return jnp.mean(attend(params, x) ** 2)


x = jax.device_put(jnp.ones((2, 64, 32)), jax.NamedSharding(mesh, P(None, 'sp')))
key = jax.device_put(jax.random.key(0), jax.NamedSharding(mesh, P()))
params = jax.jit(init)(key, x)
lowered = jax.jit(jax.grad(loss)).trace(params, x).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
