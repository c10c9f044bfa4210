import jax
import equinox as eqx
import optax


def loss_fn(model, x, y):
    logits = jax.vmap(model)(x)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return loss, logits


def make_train_step(optim, data_sharding, model_sharding):

    @eqx.filter_jit(donate="all-except-first")
    def train_step(model, opt_state, x, y):
        x, y = eqx.filter_shard((x, y), data_sharding)
        model = eqx.filter_shard(model, model_sharding)
        (loss, _), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model, x, y)
        updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
        model = eqx.apply_updates(model, updates)
        model = eqx.filter_shard(model, model_sharding)
        return model, opt_state, loss

    return train_step
