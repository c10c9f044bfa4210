import equinox as eqx
import jax.numpy as jnp
import optax


def cross_entropy(y, pred_y):
    pred_y = jnp.take_along_axis(pred_y, jnp.expand_dims(y, 1), axis=1)
    return -jnp.mean(pred_y)


def loss(model, state, x, y):
    # batch over the leading axis; the state is shared by the whole batch
    batched = eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None))
    pred_y, state = batched(x, state)
    return cross_entropy(y, pred_y), state


def make_train_step(optim: optax.GradientTransformation):
    @eqx.filter_jit
    def train_step(model, state, opt_state, x, y):
        (value, state), grads = eqx.filter_value_and_grad(loss, has_aux=True)(model, state, x, y)
        updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
        model = eqx.apply_updates(model, updates)
        return model, state, opt_state, value

    return train_step
