import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))


def per_example(w, x):
  y = jax.lax.with_sharding_constraint(x @ w, P(None))
  return jnp.mean(y ** 2)


@jax.jit
def batched(w, xs):
  return jax.vmap(per_example, in_axes=(None, 0), spmd_axis_name='data')(w, xs)


with jax.set_mesh(mesh):
  batched.trace(jnp.ones((8, 4)), jnp.ones((16, 8))).lower(lowering_platforms=('cuda',))
print('ok')
