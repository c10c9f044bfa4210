import equinox as eqx
import jax
import jax.numpy as jnp
import jax.sharding as jshard
import numpy as np
import optax

BATCH_AXIS = "batch"


def loss_fn(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit
def train_step(model, opt_state, x, y, sharding, replicated):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)

    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    # average gradients across the data-parallel replicas
    grads = jax.lax.pmean(grads, axis_name=BATCH_AXIS)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)

    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state, loss


optim = optax.adam(learning_rate=1e-3)


def main():
    num_devices = len(jax.devices())
    mesh = jax.make_mesh((num_devices,), (BATCH_AXIS,), axis_types=(jshard.AxisType.Auto,))
    sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec(BATCH_AXIS))
    replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())

    model = eqx.nn.MLP(in_size=16, out_size=1, width_size=64, depth=2,
                       key=jax.random.PRNGKey(0))
    opt_state = optim.init(eqx.filter(model, eqx.is_array))
    params, static = eqx.partition(model, eqx.is_array)

    def step(params, opt_state, x, y):
        model = eqx.combine(params, static)
        model, opt_state, loss = train_step(model, opt_state, x, y, sharding, replicated)
        return eqx.filter(model, eqx.is_array), opt_state, loss

    x = jnp.asarray(np.random.randn(64, 16), jnp.float32)
    y = jnp.asarray(np.random.randn(64, 1), jnp.float32)
    jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
