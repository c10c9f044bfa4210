import equinox as eqx
import jax
import optax

from . import metrics


@eqx.filter_jit
def evaluate(model, x, labels):
    logits = jax.vmap(model)(x)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    acc = metrics.accuracy(logits, labels)
    return metrics.global_mean(loss), metrics.global_mean(acc)
