import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def evaluate(model, state, xs, labels):
    """Accuracy with the running statistics: no batch axis is needed in inference mode."""
    inference_model = eqx.nn.inference_mode(model)
    logits, _ = eqx.filter_vmap(inference_model, in_axes=(0, None), out_axes=(0, None))(xs, state)
    return jnp.mean(jnp.argmax(logits, axis=-1) == labels)
