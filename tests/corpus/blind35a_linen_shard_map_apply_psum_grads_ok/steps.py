import jax
import optax
from jax import lax as L


def make_local_step(model, tx, axis="data"):
    def local_step(params, opt_state, x, y):
        def loss_fn(p):
            logits = model.apply({"params": p}, x)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

        loss, grads = jax.value_and_grad(loss_fn)(params)
        grads = L.pmean(grads, axis)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, L.pmean(loss, axis)

    return local_step
