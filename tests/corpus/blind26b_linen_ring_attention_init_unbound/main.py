import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from ringattn import RingSelfAttention

mesh = jax.make_mesh((4,), ('sp',), axis_types=(jax.sharding.AxisType.Explicit,))
layer = RingSelfAttention(num_heads=4, head_dim=16)


def attend(params, x):
  return layer.apply({'params': params}, x)


attend = jax.shard_map(attend, mesh=mesh, in_specs=(P(), P(None, 'sp')),
                       out_specs=P(None, 'sp'))


@jax.jit
def loss(params, x):
  return jnp.mean(attend(params, x) ** 2)


x = jnp.ones((2, 64, 32))
params = layer.init(jax.random.key(0), x[:, :16])['params']
x = jax.device_put(x, jax.NamedSharding(mesh, P(None, 'sp')))
params = jax.device_put(params, jax.NamedSharding(mesh, P()))
lowered = jax.jit(jax.grad(loss)).trace(params, x).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
