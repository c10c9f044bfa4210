"""Ensemble of MLPs (filter_vmap over keys) trained data-parallel; mesh set with jax.set_mesh."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

ENSEMBLE = 3


@eqx.filter_vmap
def make_ensemble(key):
    return eqx.nn.MLP(2, 2, 16, 2, key=key)


ensemble = make_ensemble(jax.random.split(jax.random.PRNGKey(0), ENSEMBLE))
params, static = eqx.partition(ensemble, eqx.is_array)


def ensemble_loss(params, x, y):
    models = eqx.combine(params, static)

    @eqx.filter_vmap(in_axes=(eqx.if_array(0), None))
    def each(model, x):
        return jax.vmap(model)(x)

    preds = each(models, x)  # [ENSEMBLE, batch, 2]
    return jnp.mean((preds - y[None]) ** 2)


def grad_step(params, x, y):
    loss, grads = jax.value_and_grad(ensemble_loss)(params, x, y)
    return jax.lax.pmean(loss, "data"), jax.lax.pmean(grads, "data")


mesh = jax.make_mesh((4,), ("data",))
with jax.set_mesh(mesh):
    step = jax.jit(jax.shard_map(grad_step, in_specs=(P(), P("data"), P("data")), out_specs=P()))
    x = jnp.ones((32, 2))
    y = jnp.zeros((32, 2))
    lowered = step.trace(params, x, y).lower(lowering_platforms=("cuda",))
print(lowered is not None)
