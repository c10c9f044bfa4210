import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))

ENSEMBLE = 4


@eqx.filter_vmap
def make_ensemble(key):
    return eqx.nn.MLP(in_size=8, out_size=1, width_size=32, depth=2, key=key)


@eqx.filter_vmap(in_axes=(eqx.if_array(0), None))
def evaluate_ensemble(model, x):
    return jax.vmap(model)(x)


ensemble = make_ensemble(jr.split(jr.key(0), ENSEMBLE))
params, static = eqx.partition(ensemble, eqx.is_array)


@jax.jit
def predict(params, x):
    return evaluate_ensemble(eqx.combine(params, static), x)


x = jax.device_put(jnp.ones((16, 8)), P("data", None))
print(predict.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
