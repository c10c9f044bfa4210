"""Step functions written for jax.pmap(train_step, axis_name='batch')."""
import jax
import jax.numpy as jnp
import optax

AXIS_NAME = "batch"


def cross_entropy(logits, labels):
    return optax.softmax_cross_entropy(logits, jax.nn.one_hot(labels, logits.shape[-1])).mean()


def train_step(params, opt_state, batch, *, apply_fn, tx):
    def loss_fn(p):
        return cross_entropy(apply_fn(p, batch["image"]), batch["label"])

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, axis_name=AXIS_NAME)
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, jax.lax.pmean(loss, axis_name=AXIS_NAME)
