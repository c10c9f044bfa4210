import functools as ft

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("dp",), axis_types=(jax.sharding.AxisType.Auto,))
model = eqx.nn.MLP(8, 1, 16, 2, key=jax.random.PRNGKey(1))
params, static = eqx.partition(model, eqx.is_inexact_array)


@ft.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("dp"), P("dp")), out_specs=(P(), P()))
def grads_dp(params, x, y):
  def loss(params):
    m = eqx.combine(params, static)
    return jnp.mean((jax.vmap(m)(x) - y) ** 2)
  l, g = jax.value_and_grad(loss)(params)
  return jax.lax.pmean(l, "dp"), jax.lax.pmean(g, "dp")


x = jnp.ones((16, 8)); y = jnp.ones((16, 1))
print(jax.jit(grads_dp).trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
