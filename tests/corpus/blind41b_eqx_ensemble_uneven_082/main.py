"""Equinox model ensemble (filter_vmap), members split over devices (JAX 0.8, Explicit mesh)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

ENSEMBLE_SIZE = 3

mesh = jax.make_mesh((4,), ("ensemble",), axis_types=(AxisType.Explicit,))


@eqx.filter_vmap
def make_ensemble(key):
    return eqx.nn.MLP(2, 2, 64, 2, key=key)


@eqx.filter_vmap(in_axes=(eqx.if_array(0), None))
def evaluate_ensemble(model, x):
    return model(x)


ensemble = make_ensemble(jr.split(jr.key(0), ENSEMBLE_SIZE))
params, static = eqx.partition(ensemble, eqx.is_array)
params = jax.device_put(params, NamedSharding(mesh, P("ensemble")))


@jax.jit
def predict(params, x):
    return evaluate_ensemble(eqx.combine(params, static), x).mean(axis=0)


with jax.set_mesh(mesh):
    lowered = predict.trace(params, jnp.ones((2,))).lower(lowering_platforms=("cuda",))
print("lowered")
