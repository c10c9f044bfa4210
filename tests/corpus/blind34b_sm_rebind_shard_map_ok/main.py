import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(jax.sharding.AxisType.Auto,) * 2)


def step(x, w):
  y = x @ w
  y = jax.lax.psum(y, 'model')
  return jax.lax.pmean(jnp.mean(y), 'data')


step = jax.shard_map(step, mesh=mesh, in_specs=(P('data', 'model'), P('model', None)),
                     out_specs=P())
step = jax.jit(step)

x = jnp.ones((8, 16)); w = jnp.ones((16, 4))
print(step.trace(x, w).lower(lowering_platforms=('cuda',)).as_text()[:30])
