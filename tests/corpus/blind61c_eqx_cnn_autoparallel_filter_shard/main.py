"""Equinox MNIST CNN trained with the autoparallelism recipe: batch sharded over 'batch' with
eqx.filter_shard, model and optimizer state replicated, everything under eqx.filter_jit."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.sharding as jshard
import optax

from models import CNN

BATCH = 256
optim = optax.adamw(3e-4)


def loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return -jnp.mean(jnp.take_along_axis(pred_y, y[:, None], axis=1))


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y, sharding, replicated):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)
    loss_value, grads = eqx.filter_value_and_grad(loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state, loss_value


def main():
    mesh = jax.make_mesh((jax.device_count(),), ("batch",),
                         axis_types=(jshard.AxisType.Auto,))
    sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
    replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())

    model = CNN(jax.random.PRNGKey(5678))
    params, static = eqx.partition(model, eqx.is_array)
    opt_state = optim.init(params)

    def step(params, opt_state, x, y):
        model, new_state, l = train_step(eqx.combine(params, static), opt_state, x, y,
                                         sharding, replicated)
        return eqx.filter(model, eqx.is_array), new_state, l

    x = jax.ShapeDtypeStruct((BATCH, 1, 28, 28), jnp.float32)
    y = jax.ShapeDtypeStruct((BATCH,), jnp.int32)
    jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main()
