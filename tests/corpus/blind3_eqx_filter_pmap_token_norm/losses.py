import jax
import jax.numpy as jnp
import optax

DATA_AXIS = "devices"


def masked_xent(logits, targets, mask):
    """Cross-entropy averaged over the real tokens of the *global* batch."""
    per_token = optax.softmax_cross_entropy_with_integer_labels(logits, targets)
    local_sum = jnp.sum(per_token * mask)
    total_tokens = jax.lax.psum(jnp.sum(mask), DATA_AXIS)
    return local_sum / jnp.maximum(total_tokens, 1.0)
