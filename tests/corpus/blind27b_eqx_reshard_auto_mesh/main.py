import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, reshard

mesh = jax.make_mesh((2, 2), ('X', 'Y'), axis_types=(AxisType.Auto, AxisType.Auto))

mlp = eqx.nn.MLP(8, 8, 16, 2, key=jax.random.key(0))


@eqx.filter_jit
def forward(mlp, x):
  h = jax.vmap(mlp)(x)
  h = reshard(h, P('X', 'Y'))
  return jnp.sum(h, axis=0)


x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P('X', None)))
params, static = eqx.partition(mlp, eqx.is_array)
with jax.set_mesh(mesh):
  f = jax.jit(lambda p, x: forward(eqx.combine(p, static), x))
  print(f.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
