import equinox as eqx
import optax


def compute_loss(model, state, xs, ys):
    batch_model = eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None))
    logits, state = batch_model(xs, state)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, ys).mean()
    return loss, state


def make_train_step(optim, data_sharding, replicated):

    @eqx.filter_jit(donate="all")
    def train_step(model, state, opt_state, xs, ys):
        xs, ys = eqx.filter_shard((xs, ys), data_sharding)
        model, state = eqx.filter_shard((model, state), replicated)
        grad_fn = eqx.filter_value_and_grad(compute_loss, has_aux=True)
        (loss, state), grads = grad_fn(model, state, xs, ys)
        updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
        model = eqx.apply_updates(model, updates)
        model, state = eqx.filter_shard((model, state), replicated)
        return model, state, opt_state, loss

    return train_step
