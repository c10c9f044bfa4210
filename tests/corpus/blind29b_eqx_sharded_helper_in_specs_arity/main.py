import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType

from distributed import sharded, data_spec, replicated

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
key_model, key_drop = jax.random.split(jax.random.PRNGKey(0))
model = eqx.nn.Sequential([eqx.nn.Linear(8, 16, key=key_model), eqx.nn.Lambda(jax.nn.relu),
                           eqx.nn.Dropout(0.1)])
params, static = eqx.partition(model, eqx.is_array)


def local_loss(params, x, y, key):
    m = eqx.combine(params, static)
    keys = jax.random.split(key, x.shape[0])
    pred = jax.vmap(lambda xi, k: m(xi, key=k))(x, keys)
    return jax.lax.pmean(jnp.mean((pred.sum(-1) - y) ** 2), "data")


# the key argument was added to local_loss later; the spec list was not updated
loss = sharded(local_loss, mesh, [replicated, data_spec, data_spec])
x, y = jnp.ones((16, 8)), jnp.ones((16,))
lowered = jax.jit(loss).trace(params, x, y, key_drop).lower(lowering_platforms=("cuda",))
print("lowered")
