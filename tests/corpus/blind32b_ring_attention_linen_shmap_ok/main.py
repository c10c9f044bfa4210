import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from ringattn import RingSelfAttention

mesh = jax.make_mesh((4,), ('sp',), axis_types=(jax.sharding.AxisType.Explicit,))
layer = RingSelfAttention(num_heads=4, head_dim=16)
x = jnp.ones((2, 64, 64))
init = jax.jit(jax.shard_map(layer.init, mesh=mesh, in_specs=(P(), P(None, 'sp')),
                             out_specs=P()))


def forward(params, x):
  return jax.shard_map(
      lambda p, xs: layer.apply(p, xs),
      mesh=mesh,
      in_specs=(P(), P(None, 'sp')),
      out_specs=P(None, 'sp'),
  )(params, x)


x = jax.device_put(x, jax.sharding.NamedSharding(mesh, P(None, 'sp')))
params = init(jax.random.key(0), x)
out = jax.jit(forward).trace(params, x).lower(lowering_platforms=('cuda',))
print(out.out_info.shape)
