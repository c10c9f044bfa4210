import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",))
model = eqx.nn.MLP(2, 2, 8, 1, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


@eqx.filter_jit
def predict(model, x):
    x = jax.lax.with_sharding_constraint(x, P("batch"))
    return jax.vmap(model)(x)


def run(params, x):
    return predict(eqx.combine(params, static), x)


x = jnp.ones((8, 2))
with jax.set_mesh(mesh):
    jax.jit(run).trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")
