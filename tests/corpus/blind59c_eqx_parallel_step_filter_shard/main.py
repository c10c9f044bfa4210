import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard
import numpy as np
import optax


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


def make_step(optim):
    @eqx.filter_jit(donate="all")
    def train_step(model, opt_state, x, y, sharding, replicated):
        model, opt_state = eqx.filter_shard((model, opt_state), replicated)
        x, y = eqx.filter_shard((x, y), sharding)

        loss, grads = eqx.filter_value_and_grad(compute_loss)(model, x, y)
        updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
        model = eqx.apply_updates(model, updates)

        model, opt_state = eqx.filter_shard((model, opt_state), replicated)
        return model, opt_state, loss

    return train_step


def main():
    num_devices = len(jax.devices())
    mesh = jshard.Mesh(np.array(jax.devices()).reshape(num_devices), ("batch",))
    sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
    replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())

    model_key, data_key = jr.split(jr.PRNGKey(5678))
    model = eqx.nn.MLP(in_size=1, out_size=1, width_size=32, depth=2,
                       activation=jax.nn.tanh, key=model_key)
    optim = optax.adabelief(learning_rate=3e-4)
    opt_state = optim.init(eqx.filter(model, eqx.is_array))
    train_step = make_step(optim)

    params, static = eqx.partition(model, eqx.is_array)

    def step_arrays(params, opt_state, x, y):
        model, new_opt_state, loss = train_step(eqx.combine(params, static), opt_state, x, y,
                                                sharding, replicated)
        return eqx.filter(model, eqx.is_array), new_opt_state, loss

    x = jr.normal(data_key, (256, 1))
    y = jnp.sin(x)
    lowered = jax.jit(step_arrays).trace(params, opt_state, x, y).lower(
        lowering_platforms=("tpu",))
    return lowered


if __name__ == "__main__":
    main()
