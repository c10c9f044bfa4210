"""Equinox ensemble of MLPs trained together, members split over an Explicit axis (JAX 0.8)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

ENSEMBLE_SIZE = 8
mesh = jax.make_mesh((4,), ("ensemble",), axis_types=(AxisType.Explicit,))
member_sharding = NamedSharding(mesh, P("ensemble"))
replicated = NamedSharding(mesh, P())


@eqx.filter_vmap
def make_ensemble(key):
    return eqx.nn.MLP(3, 1, 32, 2, key=key)


ensemble = make_ensemble(jr.split(jr.key(0), ENSEMBLE_SIZE))
params, static = eqx.partition(ensemble, eqx.is_array)
params = jax.device_put(params, member_sharding)
optim = optax.adam(1e-2)
opt_state = optim.init(params)


def member_loss(member, x, y):
    return jnp.mean((jax.vmap(member)(x) - y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y):
    def total_loss(params):
        ensemble = eqx.combine(params, static)
        losses = eqx.filter_vmap(member_loss, in_axes=(eqx.if_array(0), None, None))(ensemble, x, y)
        return losses.sum()

    loss, grads = jax.value_and_grad(total_loss)(params)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(params, updates), opt_state, loss


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((128, 3)), replicated)
    y = jax.device_put(jnp.zeros((128, 1)), replicated)
    lowered = train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
