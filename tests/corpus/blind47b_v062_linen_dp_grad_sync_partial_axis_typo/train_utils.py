import functools

import jax
import optax

DATA = "data"

# average grads / metrics across data-parallel replicas
sync_grads = functools.partial(jax.lax.pmean, axis_name="dat")
sync_metrics = functools.partial(jax.lax.pmean, axis_name=DATA)


def make_train_step(model, tx):
    def train_step(params, opt_state, x, y):
        def loss_fn(p):
            logits = model.apply({"params": p}, x)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

        loss, grads = jax.value_and_grad(loss_fn)(params)
        grads = sync_grads(grads)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, sync_metrics(loss)

    return train_step
