import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

ENSEMBLE_SIZE = 8
mesh = Mesh(np.array(jax.devices()), ("ens",))
member_sharding = NamedSharding(mesh, P("ens"))
replicated = NamedSharding(mesh, P())


@eqx.filter_vmap
def make_ensemble(key):
    return eqx.nn.MLP(8, 1, width_size=64, depth=2, activation=jax.nn.tanh, key=key)


def member_loss(model, x, y):
    pred = jax.vmap(model)(x)[:, 0]
    return jnp.mean((pred - y) ** 2)


optim = optax.adam(1e-3)


@eqx.filter_jit
def ensemble_step(ensemble, opt_state, x, y):
    ensemble = eqx.filter_shard(ensemble, member_sharding)
    x, y = eqx.filter_shard((x, y), replicated)

    @eqx.filter_vmap(in_axes=(eqx.if_array(0), None, None))
    def grads_per_member(model, x, y):
        return eqx.filter_value_and_grad(member_loss)(model, x, y)

    losses, grads = grads_per_member(ensemble, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(ensemble, eqx.is_array))
    ensemble = eqx.apply_updates(ensemble, updates)
    return eqx.filter_shard(ensemble, member_sharding), opt_state, losses


def main():
    keys = jax.random.split(jax.random.PRNGKey(0), ENSEMBLE_SIZE)
    ensemble = make_ensemble(keys)
    opt_state = optim.init(eqx.filter(ensemble, eqx.is_array))
    arrays, static = eqx.partition((ensemble, opt_state), eqx.is_array)

    def lowered_step(arrays, x, y):
        ens, st = eqx.combine(arrays, static)
        return eqx.filter(ensemble_step(ens, st, x, y), eqx.is_array)

    x = jax.ShapeDtypeStruct((256, 8), jnp.float32)
    y = jax.ShapeDtypeStruct((256,), jnp.float32)
    jax.jit(lowered_step).trace(arrays, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
