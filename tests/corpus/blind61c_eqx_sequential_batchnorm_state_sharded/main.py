"""Stateful Equinox model (eqx.nn.Sequential with BatchNorm) trained data-parallel: the batch is
placed with eqx.filter_shard on a 'data' NamedSharding, BatchNorm reduces over the vmap axis
'batch', and XLA handles the cross-device reduction of the statistics."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def build_model(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return eqx.nn.Sequential([
        eqx.nn.Linear(64, 128, key=k1),
        eqx.nn.BatchNorm(128, axis_name="batch"),
        eqx.nn.Lambda(jax.nn.relu),
        eqx.nn.Linear(128, 128, key=k2),
        eqx.nn.BatchNorm(128, axis_name="batch"),
        eqx.nn.Lambda(jax.nn.relu),
        eqx.nn.Linear(128, 10, key=k3),
    ])


optim = optax.adam(1e-3)


def compute_loss(model, state, x, y):
    batch_model = jax.vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))
    logits, state = batch_model(x, state)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), state


@eqx.filter_jit
def train_step(model, state, opt_state, x, y, data_sharding, replicated):
    x, y = eqx.filter_shard((x, y), data_sharding)
    model, state = eqx.filter_shard((model, state), replicated)
    grad_fn = eqx.filter_value_and_grad(compute_loss, has_aux=True)
    (loss, state), grads = grad_fn(model, state, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return eqx.filter_shard((model, state), replicated) + (opt_state, loss)


def main():
    mesh = Mesh(np.array(jax.devices()), ("data",))
    data_sharding = NamedSharding(mesh, P("data"))
    replicated = NamedSharding(mesh, P())
    model, state = eqx.nn.make_with_state(build_model)(jax.random.PRNGKey(0))
    params, static = eqx.partition(model, eqx.is_array)
    opt_state = optim.init(params)

    def step(params, state, opt_state, x, y):
        model, state, opt_state, loss = train_step(
            eqx.combine(params, static), state, opt_state, x, y, data_sharding, replicated)
        return eqx.filter(model, eqx.is_array), state, opt_state, loss

    x = jax.ShapeDtypeStruct((256, 64), jnp.float32)
    y = jax.ShapeDtypeStruct((256,), jnp.int32)
    jax.jit(step).trace(params, state, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
