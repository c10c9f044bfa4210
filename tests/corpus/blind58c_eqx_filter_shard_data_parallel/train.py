import equinox as eqx
import jax
import jax.numpy as jnp
import optax


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


def make_train_step(optim, replicated, data_sharding):
    @eqx.filter_jit(donate="all")
    def train_step(model, opt_state, x, y):
        model, opt_state = eqx.filter_shard((model, opt_state), replicated)
        x, y = eqx.filter_shard((x, y), data_sharding)

        grads = eqx.filter_grad(compute_loss)(model, x, y)
        updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
        model = eqx.apply_updates(model, updates)

        model, opt_state = eqx.filter_shard((model, opt_state), replicated)
        return model, opt_state

    return train_step
