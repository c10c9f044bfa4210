import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def evaluate(model, state, xs, labels):
    """Accuracy on a held-out batch."""
    logits, _ = eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None))(xs, state)
    return jnp.mean(jnp.argmax(logits, axis=-1) == labels)
