"""Per-device step bodies; the collectives name the data axis of the mesh they run under."""
import jax
import jax.numpy as jnp
import optax

DATA_AXIS = 'batch'


def compute_metrics(logits, labels):
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    acc = jnp.mean(jnp.argmax(logits, -1) == labels)
    return jax.lax.pmean({'loss': loss, 'accuracy': acc}, axis_name=DATA_AXIS)


def train_step(state, images, labels):
    def loss_fn(params):
        logits = state.apply_fn({'params': params}, images)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean(), logits

    (_, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = jax.lax.pmean(grads, axis_name=DATA_AXIS)
    new_state = state.apply_gradients(grads=grads)
    return new_state, compute_metrics(logits, labels)
