"""Exporting a stateful eqx.nn.Sequential (BatchNorm inside) for cuda with jax.export."""
import equinox as eqx
import jax
import jax.numpy as jnp
from equinox import nn
from jax import export

k1, k2 = jax.random.split(jax.random.key(0))
model, state = nn.make_with_state(nn.Sequential)(
    [
        nn.Linear(6, 24, key=k1),
        nn.BatchNorm(24, axis_name="batch", mode="batch"),
        nn.Lambda(jax.nn.relu),
        nn.Linear(24, 3, key=k2),
    ]
)
params, static = eqx.partition(model, eqx.is_array)


def forward(params, state, x):
    m = eqx.combine(params, static)
    return eqx.filter_vmap(m, in_axes=(0, None), out_axes=(0, None), axis_name="batch")(x, state)


x = jax.ShapeDtypeStruct((32, 6), jnp.float32)
exported = export.export(jax.jit(forward), platforms=["cuda"])(params, state, x)
print(exported.platforms)
