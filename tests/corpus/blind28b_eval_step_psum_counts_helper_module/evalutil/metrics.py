import jax.numpy as jnp
from jax import lax as L


def compute_metrics(logits, labels, axis_name="batch"):
    """Sums correct predictions and example counts across the data-parallel axis."""
    correct = jnp.sum(jnp.argmax(logits, axis=-1) == labels)
    count = jnp.asarray(labels.shape[0])
    logp = logits - jnp.log(jnp.sum(jnp.exp(logits), axis=-1, keepdims=True))
    nll = -jnp.sum(jnp.take_along_axis(logp, labels[:, None], axis=-1))
    correct, count, nll = L.psum((correct, count, nll), axis_name)
    return {"accuracy": correct / count, "loss": nll / count}
