import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ('batch',), axis_types=(AxisType.Auto,))
model = eqx.nn.MLP(8, 1, 32, 2, key=jax.random.key(0))


@eqx.filter_jit
def step(model, x, y):
  with jax.set_mesh(mesh):
    x = jax.lax.with_sharding_constraint(x, P('batch'))
    loss, grads = eqx.filter_value_and_grad(
        lambda m: jnp.mean((jax.vmap(m)(x) - y) ** 2))(model)
  return loss, grads


params, static = eqx.partition(model, eqx.is_array)
jax.jit(lambda p, x, y: step(eqx.combine(p, static), x, y)).trace(
    params, jnp.ones((32, 8)), jnp.ones((32, 1))).lower(lowering_platforms=('cuda',))
