import functools

import jax
import optax


@functools.partial(jax.jit, static_argnums=0)
def train_step(model, params, images, labels):
    def loss_fn(p):
        logits = model.apply({"params": p}, images)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, axis_name="batch")
    return loss, grads
