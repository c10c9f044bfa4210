import jax
import jax.numpy as jnp
import equinox as eqx
import optax
from jax import lax

import parallel


def build_train_step(static, optim, param_specs, n_shards):

    def train_step(params, opt_state, x, y):
        def loss_fn(local_params):
            full = parallel.gather_params(local_params, param_specs)
            model = eqx.combine(full, static)
            pred = jax.vmap(model)(x)
            return optax.softmax_cross_entropy_with_integer_labels(pred, y).mean()

        loss, grads = jax.value_and_grad(loss_fn)(params)
        grads = jax.tree.map(lambda g: g / n_shards, grads)
        updates, opt_state = optim.update(grads, opt_state, params)
        params = eqx.apply_updates(params, updates)
        return params, opt_state, lax.pmean(loss, parallel.AXIS)

    return train_step
