"""Equinox 'Autoparallelism' example: filter_shard the model and batch inside filter_jit."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.sharding as jshard
import numpy as np
import optax

mesh = jax.make_mesh((4,), ("batch",), axis_types=(jshard.AxisType.Auto,))
replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())
data_sharded = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))

optim = optax.adam(1e-3)


def compute_loss(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), data_sharded)
    grads = eqx.filter_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state


def main():
    model = eqx.nn.MLP(32, 1, width_size=128, depth=2, key=jax.random.key(0))
    opt_state = optim.init(eqx.filter(model, eqx.is_array))
    x = jax.ShapeDtypeStruct((64, 32), jnp.float32)
    y = jax.ShapeDtypeStruct((64, 1), jnp.float32)
    params, static = eqx.partition(model, eqx.is_array)

    def step(params, opt_state, x, y):
        model, opt_state = train_step(eqx.combine(params, static), opt_state, x, y)
        return eqx.filter(model, eqx.is_array), opt_state

    jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
