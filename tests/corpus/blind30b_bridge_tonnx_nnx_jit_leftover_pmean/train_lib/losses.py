"""Loss helpers kept from the pmap version of the trainer."""
import jax
import optax


def cross_entropy(logits, labels, axis_name='batch'):
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    # under pmap every replica saw a slice of the batch: average across them
    return jax.lax.pmean(loss, axis_name=axis_name)
