import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from .parallel import data_parallel


def loss_fn(model, tokens, targets):
    logits = jax.vmap(model)(tokens)
    return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()


def clip_by_global_norm(grads, max_norm, axis):
    sq = sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))
    norm = jnp.sqrt(sq)
    return jax.lax.cond(
        norm > max_norm,
        lambda g: jax.tree.map(lambda x: x * (max_norm / norm), g),
        lambda g: g,
        grads,
    )


def make_train_step(optim, mesh, axis, max_grad_norm=1.0):
    @data_parallel(mesh, axis)
    def train_step(params, static, opt_state, tokens, targets):
        model = eqx.combine(params, static)
        loss, grads = eqx.filter_value_and_grad(loss_fn)(model, tokens, targets)
        grads = jax.lax.pmean(grads, axis_name=axis)
        grads = clip_by_global_norm(grads, max_grad_norm, axis)
        loss = jax.lax.pmean(loss, axis_name=axis)
        updates, opt_state = optim.update(grads, opt_state, params)
        params = eqx.apply_updates(params, updates)
        return params, opt_state, loss

    return train_step
