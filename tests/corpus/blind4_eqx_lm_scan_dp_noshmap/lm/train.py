import equinox as eqx
import jax
import optax


def loss_fn(model, tokens, targets):
    logits = jax.vmap(model)(tokens)
    return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()


def make_train_step(optim, axis):
    # Sharding is handled by the compiler: inputs arrive as NamedSharding'd arrays.
    @eqx.filter_jit
    def train_step(model, opt_state, tokens, targets):
        loss, grads = eqx.filter_value_and_grad(loss_fn)(model, tokens, targets)
        grads = jax.lax.pmean(grads, axis_name=axis)
        updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
        model = eqx.apply_updates(model, updates)
        return model, opt_state, loss

    return train_step
